import type { RestaurantDetail } from '@comensal/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { RESTAURANTS_LOAD_ERROR, restaurantKeys } from './list-restaurants';

export async function getRestaurant(restaurantId: string, signal?: AbortSignal): Promise<RestaurantDetail> {
  try {
    return await apiGet<RestaurantDetail>(`/api/restaurants/${encodeURIComponent(restaurantId)}`, {
      ...(signal && { signal }),
    });
  } catch (error) {
    if (!signal?.aborted) logFailure(RESTAURANTS_LOAD_ERROR, error);
    throw error;
  }
}

export function getRestaurantQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: restaurantKeys.detail(restaurantId),
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
  queryClient.setQueryData(restaurantKeys.detail(restaurantId), (previous: RestaurantDetail | undefined) =>
    previous ? { ...previous, favoritesCount } : previous,
  );
}
