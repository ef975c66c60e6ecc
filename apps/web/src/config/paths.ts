import { generatePath, matchRoutes } from 'react-router';
import { type Query, toSearch } from '@/lib/search-params';

export type { Query } from '@/lib/search-params';

/**
 * Every route of the app (docs/product.md#screens-and-routes), by name. This is the only place that
 * spells a URL: the router is built from these patterns and every link goes through `href()`.
 *
 * `access`: `public` routes are open to anyone; `session` routes need a session (a signed-in
 * user or a guest). The main layout requires a session by default (docs/product.md#permissions).
 */
type Access = 'public' | 'session';

const route = <const P extends string>(pattern: P, access: Access = 'session') => ({ pattern, access });

const RESERVATION = '/restaurants/:restaurantId/reservations/:reservationId?';

export const paths = {
  // Auth area, own layout.
  auth: route('/auth', 'public'),
  'auth.register': route('/auth/register', 'public'),
  'auth.login': route('/auth/login', 'public'),
  'auth.logout': route('/auth/logout', 'public'),
  'auth.verifyEmail': route('/auth/verify-email', 'public'),
  'auth.forgotPassword': route('/auth/forgot-password', 'public'),
  'auth.resetPassword': route('/auth/reset-password', 'public'),

  // Main layout.
  home: route('/'),
  filters: route('/filters'),
  'restaurant.profile': route('/restaurants/:restaurantId', 'public'),
  'restaurant.menu': route('/restaurants/:restaurantId/menu', 'public'),
  'restaurant.product': route('/restaurants/:restaurantId/articles/:productId', 'public'),
  'restaurant.reservation': route(RESERVATION),
  'restaurant.reservation.summary': route(`${RESERVATION}/summary`),
  'restaurant.reservation.modify': route(`${RESERVATION}/modify`),
  'restaurant.reservation.share': route(`${RESERVATION}/share`),
  'restaurant.reservation.invitation': route(`${RESERVATION}/invitation`, 'public'),
  'restaurant.reservation.order': route(`${RESERVATION}/order`),
  'restaurant.reservation.confirmation': route(`${RESERVATION}/confirmation`),
  'restaurant.reservation.successful': route(`${RESERVATION}/payment_successful/:token_ws`),
  'restaurant.reservation.receipt': route(`${RESERVATION}/receipts/:transactionId`),
  invitations: route('/invitations'),
  'invitations.current': route('/invitations/current'),
  'invitations.historial': route('/invitations/historial'),
  favorites: route('/favorites'),
  'favorites.restaurants': route('/favorites/restaurants'),
  'favorites.products': route('/favorites/products'),
  reservations: route('/reservations'),
  'reservations.current': route('/reservations/current'),
  'reservations.historial': route('/reservations/historial'),
  profile: route('/profile'),
  privacy: route('/privacy', 'public'),
  reviews: route('/r'),
  notFound: route('/404', 'public'),

  // Staff console, own layout (docs/product.md#the-staff-console-screens).
  staff: route('/staff'),
  'staff.board': route('/staff/:restaurantId'),
  'staff.payments': route('/staff/:restaurantId/payments'),
  'staff.menu': route('/staff/:restaurantId/menu'),
  'staff.qr': route('/staff/:restaurantId/qr'),
  'staff.team': route('/staff/:restaurantId/team'),
  'staff.audit': route('/staff/:restaurantId/audit'),
  'staff.errors': route('/staff/:restaurantId/errors'),
  'staff.funnel': route('/staff/:restaurantId/funnel'),
} as const;

export type RouteName = keyof typeof paths;
export const ROUTE_NAMES = Object.keys(paths) as RouteName[];

type PatternOf<N extends RouteName> = (typeof paths)[N]['pattern'];
type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type RequiredParam<S> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type OptionalParam<S> = S extends `:${infer Name}?` ? Name : never;
type RequiredParamsOf<N extends RouteName> = RequiredParam<Segments<PatternOf<N>>>;
type OptionalParamsOf<N extends RouteName> = OptionalParam<Segments<PatternOf<N>>>;

/** The params of a route: required ones as `string`, optional ones (`:x?`) may be left out. */
export type RouteParams<N extends RouteName> = [RequiredParamsOf<N> | OptionalParamsOf<N>] extends [never]
  ? Record<string, never>
  : { [K in RequiredParamsOf<N>]: string } & { [K in OptionalParamsOf<N>]?: string | null };

/** Routes without required params (their `href` needs no params argument). */
export type ParamlessRouteName = {
  [N in RouteName]: [RequiredParamsOf<N>] extends [never] ? N : never;
}[RouteName];

type HrefArgs<N extends RouteName> = [RequiredParamsOf<N>] extends [never]
  ? [params?: RouteParams<N> | null, query?: Query]
  : [params: RouteParams<N>, query?: Query];

/**
 * The URL of a named route: `href('restaurant.menu', { restaurantId })`,
 * `href('restaurant.reservation', { restaurantId }, { table, room })`.
 * Missing or unknown params are type errors; values are URL-encoded.
 */
export function href<N extends RouteName>(name: N, ...[params, query]: HrefArgs<N>): string {
  const path = generatePath(paths[name].pattern, (params ?? {}) as Record<string, string | null>);
  return path + toSearch(query);
}

const matchTable = ROUTE_NAMES.map((name) => ({ id: name, path: paths[name].pattern }));

/** Names already found, by pathname (a visit sees few; the oldest go first past the limit). */
const namesFound = new Map<string, RouteName | null>();
const NAMES_KEPT = 50;

/**
 * The name of the route a pathname belongs to (ranked like the router ranks), or null. Asked for
 * by the guard and the page views on every navigation: `matchRoutes` ranks the whole table on
 * each call (a few milliseconds at start-up on a slow phone), so each pathname's answer is kept.
 */
export function routeNameForPath(pathname: string): RouteName | null {
  const known = namesFound.get(pathname);
  if (known !== undefined) return known;
  const last = matchRoutes(matchTable, pathname)?.at(-1);
  const name = last ? (last.route.id as RouteName) : null;
  if (namesFound.size >= NAMES_KEPT) namesFound.delete(namesFound.keys().next().value as string);
  namesFound.set(pathname, name);
  return name;
}

export function isPublicRoute(name: RouteName): boolean {
  return paths[name].access === 'public';
}
