import { enc } from './reservation-keys';
import { send } from './send';

export function leaveReservation(id: string): Promise<null> {
  return send<null>(`/api/reservations/${enc(id)}/leave`, 'POST');
}
