import type { Invitation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

export function createInvitation(id: string, email: string): Promise<Invitation> {
  return apiRequest<Invitation>(`/api/reservations/${encodeURIComponent(id)}/invitations`, {
    method: 'POST',
    body: { email },
  });
}
