import {
  createContext,
  type LoaderFunctionArgs,
  type MiddlewareFunction,
  redirect,
  useRouteLoaderData,
} from 'react-router';
import { type AuthState, getAuthState } from '@/features/auth/api/get-auth-state';
import { rememberVisit } from '@/lib/visit-context';
import { decideAccess } from './guard';

/** The auth state of the navigation under way, for loaders and actions. */
export const authContext = createContext<AuthState>(null);

export const ROOT_ROUTE_ID = 'root';

/**
 * Runs before every navigation (root middleware): remembers the restaurant and table of the
 * visit, checks the (cached) session and applies the guard.
 */
export const sessionMiddleware: MiddlewareFunction = async ({ request, params, context }) => {
  const url = new URL(request.url);
  rememberVisit(params, url.searchParams);
  const auth = await getAuthState();
  context.set(authContext, auth);
  const decision = decideAccess(url, auth);
  if (decision.kind === 'redirect') throw redirect(decision.to);
};

/** Root loader: hands the auth state to the components. */
export function rootLoader({ context }: LoaderFunctionArgs): AuthState {
  return context.get(authContext);
}

/** The auth state of the current page (user, guest or null). */
export function useAuth(): AuthState {
  return (useRouteLoaderData(ROOT_ROUTE_ID) as AuthState | undefined) ?? null;
}
