import type { ReservationInvitationSummary } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

/**
 * `viewer`: who is asking ('' when nobody is signed in); `shareKey`: the share link's key, if the
 * address had one. The answer depends on both.
 */
export const invitationSummaryKey = (id: string, viewer: string, shareKey: string | null = null) =>
  [queryRoots.reservations, 'invitation', id, viewer, shareKey] as const;

/** `GET /api/reservations/:id/invitation`: what an invitation link invites to (public). */
export function useInvitationSummary(id: string, viewer: string, shareKey: string | null = null) {
  return useQuery({
    queryKey: invitationSummaryKey(id, viewer, shareKey),
    queryFn: ({ signal }) =>
      apiRequest<ReservationInvitationSummary>(`/api/reservations/${encodeURIComponent(id)}/invitation`, {
        ...(shareKey === null ? {} : { query: { key: shareKey } }),
        signal,
        logAs: RESERVATION_LOAD_ERROR,
      }),
  });
}
