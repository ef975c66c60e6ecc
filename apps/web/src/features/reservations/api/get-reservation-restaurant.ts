import type { RestaurantDetail } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { reservationKeys, logged, enc } from './reservation-keys';

export function useReservationRestaurant(restaurantId: string) {
  return useQuery(
    queryOptions({
      queryKey: reservationKeys.restaurant(restaurantId),
      queryFn: ({ signal }) =>
        logged(apiGet<RestaurantDetail>(`/api/restaurants/${enc(restaurantId)}`, { signal }), signal),
    }),
  );
}
