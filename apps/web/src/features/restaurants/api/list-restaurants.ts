import type { ListRestaurantsQuery, RestaurantList } from '@comensal/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Filters of the restaurant list (the cursor is managed by the infinite query). */
export type ListRestaurantsFilters = Omit<ListRestaurantsQuery, 'cursor'>;

export const RESTAURANTS_LOAD_ERROR = 'Error al cargar restaurantes';

/**
 * `GET /api/restaurants`. The answer is not re-parsed here: the server validates it against the
 * same contract, and leaving zod out keeps the home page's first download small.
 */
export function listRestaurants(
  filters: ListRestaurantsFilters & { cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<RestaurantList> {
  return apiRequest<RestaurantList>('/api/restaurants', {
    query: filters,
    signal,
    logAs: RESTAURANTS_LOAD_ERROR,
    reportAs: 'restaurants_load_failed',
  });
}

export const restaurantListKey = (filters: ListRestaurantsFilters) =>
  ['restaurants', 'list', filters] as const;

export function listRestaurantsQueryOptions(filters: ListRestaurantsFilters) {
  return infiniteQueryOptions({
    queryKey: restaurantListKey(filters),
    queryFn: ({ pageParam, signal }) =>
      listRestaurants({ ...filters, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A new search, filter or sort keeps the previous results on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Pages of restaurants, `fetchNextPage()` follows `nextCursor`. */
export function useRestaurants(filters: ListRestaurantsFilters) {
  return useInfiniteQuery(listRestaurantsQueryOptions(filters));
}
