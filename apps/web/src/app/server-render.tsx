/**
 * The server-written first screen (docs/decisions/0039-server-written-first-screen.md). The
 * Fastify server imports this module's build (`<web build>/.server/server-render.js`, made by
 * `vite build --ssr`) and asks it for the markup of a page that a visitor without a session
 * opens: the same routes, components, catalogs and API answers as the app, drawn with
 * preact-render-to-string. The app then draws the same page over it (main.tsx), from the answers
 * this returns.
 *
 * Only pages whose route says `serverRendered` are written; any other answer (a redirect, an error,
 * an answer still missing) is `null`, and the server sends index.html as built.
 */
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { options } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { type ApiFetch, setApiFetch } from '@/lib/api-fetch';
import { ServerTitleContext } from '@/lib/document-title';
import { loadMessages, type Messages, type SupportedLocale } from '@/lib/i18n';
import type { ServerState } from '@/lib/server-state';
import { AppProviders } from './providers';
import type { RouteHandle } from './route-handle';
import { routes } from './router';

export type { ServerState };
export { serializeServerState } from '@/lib/server-state';

export interface ServerRenderer {
  /**
   * The page at `url` (absolute) in `locale`: its markup, its title and the answers it was drawn
   * from; or null when it is not one the server writes.
   */
  render(
    url: string,
    locale: SupportedLocale,
  ): Promise<{ html: string; title: string; state: ServerState } | null>;
}

/** Renders again while a render asked for answers it did not have (a read that needs another's answer). */
const MAX_PASSES = 4;

/**
 * preact-render-to-string does not give a component the provider table that preact/compat's
 * `use(Context)` reads (`_globalContext`, mangled `__n`); its `context` is that table for every
 * component without a `contextType`, so it is handed over before each render.
 */
function provideContextToUse(): void {
  const hooks = options as unknown as { __r?: (vnode: unknown) => void };
  const previous = hooks.__r;
  hooks.__r = (vnode) => {
    const { type, __c: component } = vnode as {
      type?: unknown;
      __c?: { __n?: unknown; context?: unknown };
    };
    const isFunction = typeof type === 'function';
    if (
      component &&
      component.__n === undefined &&
      isFunction &&
      !(type as { contextType?: unknown }).contextType
    ) {
      component.__n = component.context;
    }
    previous?.(vnode);
  };
}

/** A read a render asked for and that has no answer yet (`enabled: false` ones wait for another). */
function isWanted(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

export function createServerRenderer(fetchFn: ApiFetch): ServerRenderer {
  setApiFetch(fetchFn);
  provideContextToUse();
  const handler = createStaticHandler(routes);
  const catalogs = new Map<SupportedLocale, Promise<Messages>>();
  const messagesOf = (locale: SupportedLocale) => {
    const loading = catalogs.get(locale) ?? loadMessages(locale);
    catalogs.set(locale, loading);
    return loading;
  };

  return {
    async render(url, locale) {
      const context = await handler.query(new Request(url));
      if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
      const leaf = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
      if (!leaf?.serverRendered) return null;

      const messages = await messagesOf(locale);
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
      });
      const router = createStaticRouter(handler.dataRoutes, context);
      let title: string = messages['app.name'];
      const collectTitle = (pageTitle: string) => {
        title = pageTitle;
      };
      const draw = () =>
        renderToStringAsync(
          <ServerTitleContext value={collectTitle}>
            <AppProviders locale={locale} messages={messages} queryClient={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProviders>
          </ServerTitleContext>,
        );
      let html = await draw();
      for (let pass = 1; pass < MAX_PASSES; pass++) {
        const wanted = queryClient.getQueryCache().findAll({ predicate: isWanted });
        if (wanted.length === 0) break;
        await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
        html = await draw();
      }
      const queries = queryClient.getQueryCache().getAll();
      // a read that failed or never came: the app draws that page itself (with its error state)
      if (queries.some((query) => query.state.status === 'error' || isWanted(query))) return null;
      return {
        html,
        title,
        state: { locale, queries: dehydrate(queryClient) },
      };
    },
  };
}
