import type { Invitation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

/** `idempotencyKey`: one per user action, the same on its retries (lib/idempotency.ts). */
export function createInvitation(id: string, email: string, idempotencyKey: string): Promise<Invitation> {
  return apiRequest<Invitation>(`/api/reservations/${encodeURIComponent(id)}/invitations`, {
    method: 'POST',
    body: { email },
    idempotencyKey,
  });
}
