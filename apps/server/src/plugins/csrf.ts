/**
 * CSRF protection of our cookie-authenticated API (docs/security.md#csrf-and-sessions): a write
 * (any method but GET, HEAD, OPTIONS) to an /api route must come from a trusted origin (its
 * Origin header, else its Referer) when
 *
 * - it carries the session cookie (a foreign page riding the diner's session), or
 * - it goes to /api/auth/* (a foreign page signing the browser in or out — a guest session or the
 *   attacker's account swapped for the diner's — needs no cookie at all; better-auth's own origin
 *   check looks only at requests that carry cookies), or
 * - its route says `config: { sameOrigin: true }` (the analytics events: no session, but other
 *   sites' pages must not post them).
 *
 * Otherwise 403 FORBIDDEN and the route never runs. Which route a request reaches is Fastify's
 * decision, not a prefix of the raw request line: `request.routeOptions.url` is the matched
 * route's path, so an absolute-form request line (`POST http://host/api/me`) or a percent-encoded
 * path (`/%61pi/me`) is checked like `/api/me`. A route that must take cross-site posts (a payment
 * provider's return) says so with `config: { crossSite: true }`.
 *
 * SameSite=Lax cookies already stay home on cross-site posts from current browsers; this covers
 * the rest (older browsers, same-site subdomains, sign-in forms that need no cookie).
 */
import { isTrustedOrigin, requestOrigin, trustedOriginsFor } from '../auth/trusted-origins.ts';
import { AUTH_BASE_PATH } from '../auth/auth.ts';
import { cookiePairs } from '../lib/cookie-header.ts';
import { declareRefusal, sendError } from './errors.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Cross-site writes are expected here (a third party's form): the route ignores the session
     * and checks its caller itself.
     */
    crossSite?: boolean;
    /**
     * Writes must come from a trusted origin even without a session (the analytics events, which
     * take no session but must not be filled by other sites' pages).
     */
    sameOrigin?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The OpenAPI extension that marks a route taking cross-site writes (no 403 from this plugin). */
export const CROSS_SITE_EXTENSION = 'x-cross-site';

export const csrfPlugin = globalPlugin('csrf', async (app) => {
  const trusted = trustedOriginsFor(app.config.publicUrl);
  const sessionCookie = (await app.auth.$context).authCookies.sessionToken.name;

  // every write to /api can be refused so, but a cross-site route's: the OpenAPI document says so
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/')) return;
    if (route.config?.crossSite) {
      // an "x-" key of the schema is copied into the operation (@fastify/swagger)
      if (!route.schema?.hide) route.schema = { ...route.schema, ...{ [CROSS_SITE_EXTENSION]: true } };
      return;
    }
    if (methods.some((method) => !SAFE_METHODS.has(method))) declareRefusal(route, 403);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/') || request.routeOptions.config.crossSite) return;
    const cookie = request.headers.cookie;
    const hasSession = cookiePairs(cookie).some(([name]) => name === sessionCookie);
    const alwaysChecked = route.startsWith(`${AUTH_BASE_PATH}/`) || request.routeOptions.config.sameOrigin;
    if (!hasSession && !alwaysChecked) return;
    const origin = requestOrigin({ origin: request.headers.origin, referer: request.headers.referer });
    if (isTrustedOrigin(origin, trusted)) return;
    request.log.warn({ origin, method: request.method, route }, 'cross-site write refused');
    return sendError(reply, 403, 'FORBIDDEN', 'This request must come from the Comensal app itself');
  });
});
