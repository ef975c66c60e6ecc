import type { Invitation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/invitations/:id/accept` or `/reject` (the invitee only). */
export function answerInvitation(invitationId: string, accept: boolean): Promise<Invitation> {
  return apiRequest<Invitation>(
    `/api/invitations/${encodeURIComponent(invitationId)}/${accept ? 'accept' : 'reject'}`,
    { method: 'POST' },
  );
}
