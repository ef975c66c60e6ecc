import type { CreateInvitationInput, Invitation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

/** Invites an address typed in full, or a companion by id. */
export function createInvitation(id: string, invitee: CreateInvitationInput): Promise<Invitation> {
  return apiRequest<Invitation>(`/api/reservations/${encodeURIComponent(id)}/invitations`, {
    method: 'POST',
    body: invitee,
  });
}
