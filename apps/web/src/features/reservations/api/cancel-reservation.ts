import type { Reservation } from '@comensal/contracts';
import { enc } from './reservation-keys';
import { send } from './send';

export function cancelReservation(id: string): Promise<Reservation> {
  return send<Reservation>(`/api/reservations/${enc(id)}/cancel`, 'POST');
}
