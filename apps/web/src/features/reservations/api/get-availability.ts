import type { Availability } from '@comensal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { reservationKeys, logged, enc, type AvailabilityParams } from './reservation-keys';

export function useAvailability(restaurantId: string, params: AvailabilityParams | null) {
  return useQuery({
    queryKey: reservationKeys.availability(
      restaurantId,
      params ?? { date: '', startAt: '', duration: 0, quantity: 0 },
    ),
    queryFn: ({ signal }) =>
      logged(
        apiGet<Availability>(`/api/restaurants/${enc(restaurantId)}/availability`, {
          query: { ...params },
          signal,
        }),
        signal,
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
