import { type RestaurantDetail, restaurantDetailSchema } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { logFailure } from '../../../lib/log';
import { RESTAURANTS_LOAD_ERROR, restaurantKeys } from './list-restaurants';

export async function getRestaurant(restaurantId: string, signal?: AbortSignal): Promise<RestaurantDetail> {
  try {
    return await apiGet(`/api/restaurants/${encodeURIComponent(restaurantId)}`, {
      schema: restaurantDetailSchema,
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
