/**
 * Page views from the router (docs/telemetry.md#events): one `page_view` per new pathname, named
 * by its route pattern (`/restaurants/:restaurantId/menu`), never by the address itself, with the
 * restaurant id when the route has one.
 */
import { matchPath } from 'react-router';
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

interface RouterLike {
  state: { location: { pathname: string }; navigation: { state: string } };
  subscribe(listener: (state: RouterLike['state']) => void): () => void;
}

/** The current page, then every navigation that lands on another pathname. */
export function trackPageViews(router: RouterLike): () => void {
  let last = router.state.location.pathname;
  trackPageView(last);
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === last) return;
    last = state.location.pathname;
    trackPageView(last);
  });
}
