import type { GetMenuQuery, Menu } from '@comensal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const MENU_LOAD_ERROR = 'Error al cargar el menú';

/** `GET /api/restaurants/:id/menu` with the menu filter; the server validates the answer's shape. */
export function getMenu(restaurantId: string, query: GetMenuQuery, signal?: AbortSignal): Promise<Menu> {
  return apiRequest<Menu>(`/api/restaurants/${encodeURIComponent(restaurantId)}/menu`, {
    query,
    signal,
    logAs: MENU_LOAD_ERROR,
    reportAs: 'menu_load_failed',
  });
}

/** Everything of one restaurant's menu (its dishes and each dish): the live `menu.changed` event invalidates this. */
export const menuRootKey = (restaurantId: string) => ['menu', restaurantId] as const;
export const menuKey = (restaurantId: string, query: GetMenuQuery) =>
  [...menuRootKey(restaurantId), 'list', query] as const;

/**
 * Milliseconds until 1–6 s past the next whole minute. Dishes appear and leave at their
 * schedule's minute (breakfast until 11:00, a weekday special at midnight) without any write, so
 * no live event says so: an open menu asks again just after each minute turns (while the page is
 * visible; the answer is cached per minute on the server and revalidated by ETag, mostly a 304).
 * The few seconds of spread keep every open menu from asking in the same second.
 */
function untilJustAfterNextMinute(now = Date.now()): number {
  return 60_000 - (now % 60_000) + 1_000 + Math.floor(Math.random() * 5_000);
}

export function getMenuQueryOptions(restaurantId: string, query: GetMenuQuery = {}) {
  return queryOptions({
    queryKey: menuKey(restaurantId, query),
    queryFn: ({ signal }) => getMenu(restaurantId, query, signal),
    // Changing the filter keeps the dishes on screen until the filtered ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: () => untilJustAfterNextMinute(),
  });
}

export function useMenu(restaurantId: string, query: GetMenuQuery = {}) {
  return useQuery(getMenuQueryOptions(restaurantId, query));
}
