import type { ReservationList, ReservationScope } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

/** Every list of reservations (current and history): a change to one reservation invalidates them. */
export const reservationListsKey = [queryRoots.reservations, 'list'] as const;
export const reservationListKey = (scope: ReservationScope) => [...reservationListsKey, scope] as const;

/** `GET /api/reservations?scope=…`: the diner's reservations (`enabled: false` while there is no session). */
export function useReservations(scope: ReservationScope, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: reservationListKey(scope),
    queryFn: ({ signal }) =>
      apiRequest<ReservationList>('/api/reservations', {
        query: { scope, limit: 100 },
        signal,
        logAs: RESERVATION_LOAD_ERROR,
      }),
  });
}
