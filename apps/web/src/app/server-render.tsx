/**
 * The server-written first screen (docs/decisions/0039-server-written-first-screen.md). The
 * Fastify server imports this module's build (`<web build>/.server/server-render.js`, made by
 * `vite build --ssr`) and asks it for the markup of a page a visitor opens, with their cookies
 * (their session, the values lib/storage.ts mirrors) or none: the same routes, middleware,
 * components, catalogs and API answers as the app, drawn with preact-render-to-string. The app then
 * takes the same page over (main.tsx), from the answers this returns.
 *
 * Only pages whose route says `serverRendered` are written; any other answer (a redirect, an error,
 * an answer still missing) is `null`, and the server sends index.html as built.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import { options } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  RouterContextProvider,
  type StaticHandler,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { type ApiFetch, setApiFetch } from '@/lib/api-fetch';
import { ServerTitleContext } from '@/lib/document-title';
import { loadMessages, type Messages, type SupportedLocale } from '@/lib/i18n';
import type { ServerState } from '@/lib/server-state';
import { readStorageCookiesFrom } from '@/lib/storage';
import { readGuestProfile } from '@/features/auth/guest-profile';
import type { AuthState } from '@/features/auth/api/get-auth-state';
import { AppProviders } from './providers';
import type { RouteHandle } from './route-handle';
import { routes } from './router';
import { ROOT_ROUTE_ID } from './session';

export type { ServerState };
export { serializeServerState } from '@/lib/server-state';

export interface ServerRenderer {
  /**
   * The page at `url` (absolute) in `locale`, for the visitor who sent `cookie` (their `Cookie`
   * header: the session, the guest's profile, the remembered restaurant; none for a visitor
   * without cookies): its markup, its title, the answers it was drawn from and the cookies they
   * set; or null when it is not one the server writes.
   */
  render(url: string, locale: SupportedLocale, cookie?: string): Promise<RenderedPage | null>;
}

export interface RenderedPage {
  html: string;
  title: string;
  state: ServerState;
  /** The `Set-Cookie` headers of the API's answers read for the page, for the page's response. */
  setCookies: string[];
}

/**
 * `fetch` for the API, with the visitor's cookies (`undefined`: none): the server's own, answering
 * in-process.
 */
export type VisitorFetch = (
  input: string,
  init: RequestInit | undefined,
  cookie: string | undefined,
) => Promise<Response>;

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

/**
 * The route's answers, after the root's middleware (the session check and the guard, app/session.ts)
 * has run as in the browser; null for a redirect (the guard's, say) or any other response.
 */
async function queryWithMiddleware(
  handler: StaticHandler,
  request: Request,
): Promise<StaticHandlerContext | null> {
  let answered: StaticHandlerContext | null = null;
  await handler.query(request, {
    requestContext: new RouterContextProvider(),
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      if (result instanceof Response) return result;
      answered = result;
      return new Response(null, { status: result.statusCode });
    },
  });
  return answered;
}

/**
 * A guest whose profile the request does not carry (its cookie, lib/storage.ts): the app would
 * draw another name than the page's, so it draws the page itself.
 */
function lacksGuestProfile(context: { loaderData: Record<string, unknown> }): boolean {
  const auth = context.loaderData[ROOT_ROUTE_ID] as AuthState | undefined;
  return auth?.kind === 'guest' && readGuestProfile() === null;
}

export function createServerRenderer(fetchFn: VisitorFetch): ServerRenderer {
  // Several pages are written at once: each read and each stored value is the visitor's of the
  // render under way, kept with its asynchronous work (AsyncLocalStorage).
  const visitor = new AsyncLocalStorage<{ cookie: string | undefined; setCookies: string[] }>();
  const apiFetch: ApiFetch = async (input, init) => {
    const scope = visitor.getStore();
    const response = await fetchFn(input, init, scope?.cookie);
    // what the API sets for the visitor (a session refreshed, or ended) goes out with the page
    scope?.setCookies.push(...response.headers.getSetCookie());
    return response;
  };
  setApiFetch(apiFetch);
  readStorageCookiesFrom(() => visitor.getStore()?.cookie);
  provideContextToUse();
  const handler = createStaticHandler(routes);
  const catalogs = new Map<SupportedLocale, Promise<Messages>>();
  const messagesOf = (locale: SupportedLocale) => {
    const loading = catalogs.get(locale) ?? loadMessages(locale);
    catalogs.set(locale, loading);
    return loading;
  };

  return {
    render(url, locale, cookie) {
      const scope = { cookie, setCookies: [] };
      return visitor.run(scope, async () => {
        const page = await renderPage(url, locale);
        return page && { ...page, setCookies: scope.setCookies };
      });
    },
  };

  async function renderPage(url: string, locale: SupportedLocale) {
    // a page it does not write costs nothing more (no session check, no loader)
    const leaf = matchRoutes(routes, new URL(url).pathname)?.at(-1)?.route.handle as RouteHandle | undefined;
    if (!leaf?.serverRendered) return null;
    const context = await queryWithMiddleware(handler, new Request(url));
    if (!context || context.errors || context.statusCode !== 200) return null;
    if (lacksGuestProfile(context)) return null;

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
  }
}
