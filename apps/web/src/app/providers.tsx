import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider, type Messages, type SupportedLocale } from '@/lib/i18n';
import { AppToaster } from '@/lib/toast';

export interface AppProvidersProps {
  locale: SupportedLocale;
  messages: Messages;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ locale, messages, queryClient, children }: AppProvidersProps) {
  return (
    <I18nProvider locale={locale} messages={messages}>
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </I18nProvider>
  );
}
