/**
 * Page views (docs/telemetry.md#events): one `page_view` per new pathname, named
 * by its route pattern (`/restaurants/:restaurantId/menu`), never by the address itself, with the
 * restaurant id when the route has one.
 */
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { paths, routeNameForPath } from '@/config/paths';
import { track } from './track';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function trackPageView(pathname: string): void {
  const name = routeNameForPath(pathname);
  if (!name) return;
  const pattern = paths[name].pattern;
  const restaurantId = matchPath(pattern, pathname)?.params.restaurantId;
  track({
    name: 'page_view',
    route: pattern,
    ...(restaurantId && UUID.test(restaurantId) ? { restaurantId } : {}),
  });
}

/**
 * One `page_view` per pathname the app shows, from inside the router's tree (the root route).
 *
 * Never `router.subscribe` from outside React: a data router that finishes its first navigation
 * before anyone listens keeps that update for the FIRST subscriber only. Analytics subscribing
 * first (it started one frame after the first render, and the first render can be slower than the
 * first navigation) took it from `RouterProvider`, which then showed the start-up splash for good.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    // once per pathname shown, even where effects run twice (development's strict mode)
    if (pathname === lastTracked) return;
    lastTracked = pathname;
    trackPageView(pathname);
  }, [pathname]);
}

let lastTracked: string | null = null;

/** Tests only: the next page shown is a new one. */
export function resetPageViews(): void {
  lastTracked = null;
}
