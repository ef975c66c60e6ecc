import type { RestaurantDetail } from '@comensal/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { RESTAURANTS_LOAD_ERROR } from './list-restaurants';

export const restaurantKey = (restaurantId: string) => ['restaurants', 'detail', restaurantId] as const;

/** `GET /api/restaurants/:id`: one restaurant's profile (the reservation pages use it too, through the route). */
export function getRestaurant(restaurantId: string, signal?: AbortSignal): Promise<RestaurantDetail> {
  return apiRequest<RestaurantDetail>(`/api/restaurants/${encodeURIComponent(restaurantId)}`, {
    signal,
    logAs: RESTAURANTS_LOAD_ERROR,
    reportAs: 'restaurants_load_failed',
  });
}

export function getRestaurantQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: restaurantKey(restaurantId),
    queryFn: ({ signal }) => getRestaurant(restaurantId, signal),
  });
}

export function useRestaurant(restaurantId: string) {
  return useQuery(getRestaurantQueryOptions(restaurantId));
}

/** After a favourite toggle: the restaurant's count as the server now counts it. */
export function setRestaurantFavoritesCount(
  queryClient: QueryClient,
  restaurantId: string,
  favoritesCount: number,
): void {
  queryClient.setQueryData(restaurantKey(restaurantId), (previous: RestaurantDetail | undefined) =>
    previous ? { ...previous, favoritesCount } : previous,
  );
}
