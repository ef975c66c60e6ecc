import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { App } from '@/app/app';
import { routes } from '@/app/router';
import type { SupportedLocale } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import enUS from '@/locales/en-US.json';
import esES from '@/locales/es-ES.json';

const CATALOGS = { 'en-US': enUS, 'es-ES': esES } as const;

async function loadRouteModules(list: readonly RouteObject[]): Promise<void> {
  await Promise.all(
    list.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await loadRouteModules(route.children);
    }),
  );
}

// Route modules (and the toast library) are lazy: the first page that needs one would transform
// and load it inside a test, which on a busy machine can take longer than a test may. A file that
// renders the app loads them all here, while it is imported, before any test runs.
await Promise.all([loadRouteModules(routes), import('sonner')]);

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
