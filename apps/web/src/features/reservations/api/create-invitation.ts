import type { Invitation } from '@comensal/contracts';
import { enc } from './reservation-keys';
import { send } from './send';

export function createInvitation(id: string, email: string): Promise<Invitation> {
  return send<Invitation>(`/api/reservations/${enc(id)}/invitations`, 'POST', { email });
}
