import {
  redirect,
  type RouteObject,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import type { PageChrome } from '@/components/layouts/main-layout';
import { href, paths, type RouteName } from '@/config/paths';
import { ROOT_ROUTE_ID, rootLoader, sessionMiddleware } from './session';
import { AppSplash, Root } from './root';
import type { RouteHandle } from './route-handle';

/** Page frames of the screens (docs/product.md#screens-and-routes). */
const CHROME = {
  home: { header: 'home', footer: true, surface: 'cream' },
  section: { header: 'default', footer: true, surface: 'cream' },
  restaurantProfile: { header: 'transparent', footer: false, surface: 'cream' },
  restaurantPage: { header: 'default', footer: false, surface: 'cream' },
  reservation: { header: 'default', footer: true, surface: 'white' },
  /** The table's order: its cart bar takes the bottom of the screen instead of the navigation. */
  order: { header: 'default', footer: false, surface: 'cream' },
  bare: { header: 'default', footer: false, surface: 'cream' },
} as const satisfies Record<string, PageChrome>;

type Lazy = NonNullable<RouteObject['lazy']>;
type HandleExtras = Omit<RouteHandle, 'name'>;

const comingSoon: Lazy = () => import('./routes/coming-soon');
const notFound: Lazy = () => import('./routes/app/not-found');

/** A named route at its pattern from `paths` (absolute patterns nest fine under their parents). */
function page(name: RouteName, lazy: Lazy, extras: HandleExtras = {}): RouteObject {
  return { id: name, path: paths[name].pattern, lazy, handle: { name, ...extras } satisfies RouteHandle };
}

/** A named route that is its parent's index. */
function indexPage(name: RouteName, lazy: Lazy, extras: HandleExtras = {}): RouteObject {
  return { id: name, index: true, lazy, handle: { name, ...extras } satisfies RouteHandle };
}

type ListRoute = 'invitations' | 'favorites' | 'reservations';
type ListChild =
  | 'invitations.current'
  | 'invitations.historial'
  | 'favorites.restaurants'
  | 'favorites.products'
  | 'reservations.current'
  | 'reservations.historial';

/** `/invitations` → current, `/favorites` → restaurants, `/reservations` → current; children share one page with tabs. */
function listSection(
  name: ListRoute,
  [first, second]: readonly [ListChild, ListChild],
  lazy: Lazy = comingSoon,
): RouteObject {
  const tabs = [first, second].map((tab) => ({ name: tab, labelId: `tab.${tab}` as const }));
  return {
    path: paths[name].pattern,
    children: [
      {
        id: name,
        index: true,
        loader: () => redirect(href(first)),
        // Never rendered (the loader redirects); `null` tells the router that is intended.
        element: null,
        handle: { name } satisfies RouteHandle,
      },
      page(first, lazy, { chrome: CHROME.section, titleId: `page.${first}.title`, tabs }),
      page(second, lazy, { chrome: CHROME.section, titleId: `page.${second}.title`, tabs }),
    ],
  };
}

type ReservationRoute = Extract<RouteName, `restaurant.reservation${string}`>;

/** Reservation screens (issues 5, 11 and 12); the others are still to come. */
const RESERVATION_PAGES: Partial<Record<ReservationRoute, Lazy>> = {
  'restaurant.reservation': () => import('./routes/reservations/new'),
  'restaurant.reservation.summary': () => import('./routes/reservations/summary'),
  'restaurant.reservation.modify': () => import('./routes/reservations/modify'),
  'restaurant.reservation.share': () => import('./routes/reservations/share'),
  'restaurant.reservation.invitation': () => import('./routes/reservations/invitation'),
  'restaurant.reservation.confirmation': () => import('./routes/reservations/confirmation'),
  'restaurant.reservation.order': () => import('./routes/reservations/order'),
  'restaurant.reservation.successful': () => import('./routes/reservations/successful'),
  'restaurant.reservation.receipt': () => import('./routes/reservations/receipt'),
};

/** The reservation screens the server writes for the diner (docs/decisions/0039-server-written-first-screen.md). */
const WRITTEN_RESERVATION_PAGES: readonly ReservationRoute[] = [
  'restaurant.reservation',
  'restaurant.reservation.order',
  'restaurant.reservation.confirmation',
];

const reservationPage = (name: ReservationRoute) =>
  name === 'restaurant.reservation'
    ? indexPage(name, RESERVATION_PAGES[name] ?? comingSoon, {
        chrome: CHROME.reservation,
        titleId: `page.${name}.title`,
        serverRendered: true,
      })
    : page(name, RESERVATION_PAGES[name] ?? comingSoon, {
        chrome: name === 'restaurant.reservation.order' ? CHROME.order : CHROME.reservation,
        titleId: `page.${name}.title`,
        serverRendered: WRITTEN_RESERVATION_PAGES.includes(name),
      });

export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    middleware: [sessionMiddleware],
    loader: rootLoader,
    // The session check is cached; re-reading it on every navigation keeps the header honest.
    shouldRevalidate: () => true,
    Component: Root,
    HydrateFallback: AppSplash,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        path: paths.auth.pattern,
        lazy: () => import('./routes/auth/layout'),
        children: [
          indexPage('auth', () => import('./routes/auth/index')),
          page('auth.register', () => import('./routes/auth/register')),
          page('auth.login', () => import('./routes/auth/login')),
          page('auth.verifyEmail', () => import('./routes/auth/verify-email')),
          page('auth.forgotPassword', () => import('./routes/auth/forgot-password')),
          page('auth.resetPassword', () => import('./routes/auth/reset-password')),
          // No screen: the loader signs out and redirects.
          { ...page('auth.logout', () => import('./routes/auth/logout')), element: null },
        ],
      },
      {
        // The staff console: its own layout and chunks (diners never load them).
        path: paths.staff.pattern,
        lazy: () => import('./routes/staff/layout'),
        children: [
          indexPage('staff', () => import('./routes/staff/picker')),
          page('staff.board', () => import('./routes/staff/board')),
          page('staff.payments', () => import('./routes/staff/payments')),
          page('staff.menu', () => import('./routes/staff/menu')),
          page('staff.qr', () => import('./routes/staff/qr')),
          page('staff.team', () => import('./routes/staff/team')),
          page('staff.audit', () => import('./routes/staff/audit')),
          page('staff.errors', () => import('./routes/staff/errors')),
          page('staff.funnel', () => import('./routes/staff/funnel')),
        ],
      },
      {
        id: 'main',
        lazy: () => import('./routes/app/layout'),
        children: [
          indexPage('home', () => import('./routes/app/home'), { chrome: CHROME.home, serverRendered: true }),
          page('filters', () => import('./routes/app/filters'), {
            chrome: CHROME.section,
            titleId: 'page.filters.title',
          }),
          {
            path: paths['restaurant.profile'].pattern,
            children: [
              indexPage('restaurant.profile', () => import('./routes/restaurants/profile'), {
                chrome: CHROME.restaurantProfile,
                serverRendered: true,
              }),
              page('restaurant.menu', () => import('./routes/restaurants/menu'), {
                chrome: CHROME.restaurantPage,
                serverRendered: true,
              }),
              page('restaurant.product', () => import('./routes/restaurants/product'), {
                chrome: CHROME.restaurantPage,
                titleId: 'page.restaurant.product.title',
                serverRendered: true,
              }),
              {
                path: paths['restaurant.reservation'].pattern,
                children: [
                  reservationPage('restaurant.reservation'),
                  reservationPage('restaurant.reservation.summary'),
                  reservationPage('restaurant.reservation.modify'),
                  reservationPage('restaurant.reservation.share'),
                  reservationPage('restaurant.reservation.invitation'),
                  reservationPage('restaurant.reservation.order'),
                  reservationPage('restaurant.reservation.confirmation'),
                  reservationPage('restaurant.reservation.successful'),
                  reservationPage('restaurant.reservation.receipt'),
                ],
              },
            ],
          },
          listSection(
            'invitations',
            ['invitations.current', 'invitations.historial'],
            () => import('./routes/reservations/invitations'),
          ),
          listSection(
            'favorites',
            ['favorites.restaurants', 'favorites.products'],
            () => import('./routes/favorites/favorites'),
          ),
          listSection(
            'reservations',
            ['reservations.current', 'reservations.historial'],
            () => import('./routes/reservations/list'),
          ),
          page('profile', () => import('./routes/profile'), {
            chrome: CHROME.section,
            titleId: 'page.profile.title',
          }),
          page('privacy', () => import('./routes/app/privacy'), {
            chrome: CHROME.section,
            titleId: 'page.privacy.title',
          }),
          page('reviews', () => import('./routes/app/reviews'), {
            chrome: CHROME.section,
            titleId: 'page.reviews.title',
          }),
          page('notFound', notFound, { chrome: CHROME.bare }),
          { id: 'catch-all', path: '*', lazy: notFound, handle: { name: 'notFound', chrome: CHROME.bare } },
        ],
      },
    ],
  },
];

/**
 * The app's router, not yet started: `createBrowserRouter` less its last step, so that the start-up
 * can run the two halves in tasks of their own (app/main.tsx). Ranking the routes (here) and
 * the first navigation (`initialize()`: the session check, the page's code) made one task of
 * 50–60 ms on a 4× slower CPU (docs/decisions/0036-first-screen.md). The same options
 * `createBrowserRouter` gives, from the same package (react-router is pinned to an exact version).
 */
export function createAppRouter() {
  return createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
}
