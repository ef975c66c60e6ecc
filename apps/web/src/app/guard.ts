import type { AuthState } from '@/features/auth/api/get-auth-state';
import { href, isPublicRoute, type RouteName, routeNameForPath } from '@/config/paths';

/** The query parameter that carries where an anonymous visitor was going. */
export const REDIRECT_PARAM = 'redirect';

export type AccessDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * Before each navigation (docs/product.md#screens-and-routes, docs/product.md#permissions): public
 * routes and unknown paths (→ 404) are open; every other route needs a session — a signed-in user
 * or a guest. Anyone else goes to the route named `auth`, remembering the address in `?redirect=`.
 */
export function decideAccess(
  location: { pathname: string; search: string },
  auth: AuthState,
): AccessDecision {
  const name = routeNameForPath(location.pathname);
  if (name === null || isPublicRoute(name) || auth !== null) return { kind: 'allow' };
  return {
    kind: 'redirect',
    to: href('auth', null, { [REDIRECT_PARAM]: location.pathname + location.search }),
  };
}

const isAuthRoute = (name: RouteName | null): boolean =>
  name === 'auth' || (name?.startsWith('auth.') ?? false);

const PLACEHOLDER_ORIGIN = 'http://comensal.invalid';

/**
 * Where to go after signing in: the `redirect` value when it is a path of this app (never
 * another origin, never back into the auth area), else home.
 */
export function safeRedirectTarget(value: unknown): string {
  const fallback = href('home');
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || isAuthRoute(routeNameForPath(url.pathname))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
