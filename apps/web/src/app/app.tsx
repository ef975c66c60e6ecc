import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router';
import type { Messages, SupportedLocale } from '@/lib/i18n';
import { AppProviders } from './providers';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  locale: SupportedLocale;
  messages: Messages;
  queryClient: QueryClient;
}

export function App({ router, locale, messages, queryClient }: AppProps) {
  return (
    <AppProviders locale={locale} messages={messages} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
