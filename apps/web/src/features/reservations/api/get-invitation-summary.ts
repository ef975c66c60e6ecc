import type { ReservationInvitationSummary } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { reservationKeys, logged, enc } from './reservation-keys';

/** `viewer`: who is asking ('' when nobody is signed in); the answer depends on it. */
export function useInvitationSummary(id: string, viewer: string) {
  return useQuery({
    queryKey: reservationKeys.invitation(id, viewer),
    queryFn: ({ signal }) =>
      logged(
        apiGet<ReservationInvitationSummary>(`/api/reservations/${enc(id)}/invitation`, { signal }),
        signal,
      ),
  });
}
