import type { ReservationInvitationSummary } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

/** `viewer`: who is asking ('' when nobody is signed in); the answer depends on it. */
export const invitationSummaryKey = (id: string, viewer: string) =>
  [queryRoots.reservations, 'invitation', id, viewer] as const;

/** `GET /api/reservations/:id/invitation`: what an invitation link invites to (public). */
export function useInvitationSummary(id: string, viewer: string) {
  return useQuery({
    queryKey: invitationSummaryKey(id, viewer),
    queryFn: ({ signal }) =>
      apiRequest<ReservationInvitationSummary>(`/api/reservations/${encodeURIComponent(id)}/invitation`, {
        signal,
        logAs: RESERVATION_LOAD_ERROR,
      }),
  });
}
