/**
 * CSRF protection of our cookie-authenticated API: a write (any method but GET, HEAD, OPTIONS)
 * under /api that carries the session cookie must come from a trusted origin (its Origin header,
 * else its Referer): otherwise 403 FORBIDDEN and the route never runs. /api/auth/* is left to
 * better-auth, which makes the same check itself. SameSite=Lax cookies already stay home on
 * cross-site posts from current browsers; this covers the rest (older browsers, same-site
 * subdomains, methods Lax lets through).
 *
 * A route that a third party's page posts to by design (Webpay's return URL, reached by a form on
 * Transbank's site) opts out with `config: { crossSite: true }`; such a route must not act on the
 * session at all (it is keyed by something only the third party and the browser know).
 */
import { isTrustedOrigin, requestOrigin, trustedOriginsFor } from '../auth/trusted-origins.ts';
import { AUTH_BASE_PATH } from '../auth/auth.ts';
import { sendError } from './errors.ts';
import { globalPlugin } from './plugin.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cross-site writes are expected here (a third party's form); the route ignores the session. */
    crossSite?: boolean;
  }
}

/** Names of the cookies in a Cookie header. */
function cookieNames(header: string): string[] {
  return header.split(';').map((pair) => pair.split('=')[0]?.trim() ?? '');
}

export const csrfPlugin = globalPlugin('csrf', async (app) => {
  const trusted = trustedOriginsFor(app.config.publicUrl);
  const sessionCookie = (await app.auth.$context).authCookies.sessionToken.name;

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossSite === true) return;
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith('/api/') || pathname.startsWith(`${AUTH_BASE_PATH}/`)) return;
    const cookie = request.headers.cookie;
    if (!cookie || !cookieNames(cookie).includes(sessionCookie)) return;
    const origin = requestOrigin({ origin: request.headers.origin, referer: request.headers.referer });
    if (isTrustedOrigin(origin, trusted)) return;
    request.log.warn({ origin, method: request.method, url: pathname }, 'cross-site write refused');
    return sendError(reply, 403, 'FORBIDDEN', 'This request must come from the Comensal app itself');
  });
});
