import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import type { SupportedLocale } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import enUS from '@/locales/en-US.json';
import esES from '@/locales/es-ES.json';

const CATALOGS = { 'en-US': enUS, 'es-ES': esES } as const;

/** Renders the real app (routes, middleware, providers) at `path`, on a memory history. */
export function renderApp(path: string, { locale = 'en-US' }: { locale?: SupportedLocale } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const view = render(
    <App router={router} locale={locale} messages={CATALOGS[locale]} queryClient={queryClient} />,
  );
  return { router, queryClient, ...view };
}
