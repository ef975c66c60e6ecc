import type { Invitation } from '@comensal/contracts';
import { enc } from './reservation-keys';
import { send } from './send';

export function answerInvitation(invitationId: string, accept: boolean): Promise<Invitation> {
  return send<Invitation>(`/api/invitations/${enc(invitationId)}/${accept ? 'accept' : 'reject'}`, 'POST');
}
