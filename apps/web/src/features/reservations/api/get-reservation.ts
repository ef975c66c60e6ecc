import type { Reservation } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

export const reservationKey = (id: string) => [queryRoots.reservations, 'detail', id] as const;

/** `GET /api/reservations/:id`: one reservation the diner belongs to. */
export function useReservation(id: string) {
  return useQuery({
    queryKey: reservationKey(id),
    queryFn: ({ signal }) =>
      apiRequest<Reservation>(`/api/reservations/${encodeURIComponent(id)}`, {
        signal,
        logAs: RESERVATION_LOAD_ERROR,
      }),
  });
}
