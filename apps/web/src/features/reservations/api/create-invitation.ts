import type { CreateInvitationInput, Invitation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * Invites an address typed in full, or a companion by id. `idempotencyKey`: one per user action,
 * the same on its retries (lib/idempotency.ts).
 */
export function createInvitation(
  id: string,
  invitee: CreateInvitationInput,
  idempotencyKey: string,
): Promise<Invitation> {
  return apiRequest<Invitation>(`/api/reservations/${encodeURIComponent(id)}/invitations`, {
    method: 'POST',
    body: invitee,
    idempotencyKey,
  });
}
