import type { Availability } from '@comensal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

export interface AvailabilityParams {
  date: string;
  startAt: string;
  duration: number;
  quantity: number;
  /** Modifying this reservation: its own hold is left out (its creator only). */
  reservationId?: string;
}

/** One slot's availability; without `params`, every slot of the restaurant (to invalidate them all). */
export const availabilityKey = (restaurantId: string, params?: AvailabilityParams) =>
  params
    ? ([queryRoots.reservations, 'availability', restaurantId, params] as const)
    : ([queryRoots.reservations, 'availability', restaurantId] as const);

const NO_SLOT: AvailabilityParams = { date: '', startAt: '', duration: 0, quantity: 0 };

/** `GET /api/restaurants/:id/availability`: the durations and tables free for a slot (`null`: no slot yet). */
export function useAvailability(restaurantId: string, params: AvailabilityParams | null) {
  return useQuery({
    queryKey: availabilityKey(restaurantId, params ?? NO_SLOT),
    queryFn: ({ signal }) =>
      apiRequest<Availability>(`/api/restaurants/${encodeURIComponent(restaurantId)}/availability`, {
        query: { ...params },
        signal,
        logAs: RESERVATION_LOAD_ERROR,
      }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
