import type { PendingInvitation, PendingInvitationList } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';
import { reservationKey } from './get-reservation';

/** Under the reservation's key: its live events (an invitation answered, sent) refresh it too. */
export const pendingInvitationsKey = (id: string) => [...reservationKey(id), 'pending-invitations'] as const;

/** `GET /api/reservations/:id/invitations` (the creator): who has not answered yet. */
export function usePendingInvitations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: pendingInvitationsKey(id),
    queryFn: ({ signal }) =>
      apiRequest<PendingInvitationList>(`/api/reservations/${encodeURIComponent(id)}/invitations`, {
        signal,
        logAs: RESERVATION_LOAD_ERROR,
      }),
    enabled,
  });
}

/** `POST /api/invitations/:id/resend`: a new invitation replaces it, and the e-mail goes again. */
export function resendInvitation(id: string, idempotencyKey: string): Promise<PendingInvitation> {
  return apiRequest<PendingInvitation>(`/api/invitations/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
    idempotencyKey,
  });
}

/** `DELETE /api/invitations/:id`: withdraws it. */
export const revokeInvitation = (id: string) =>
  apiRequest<null>(`/api/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
