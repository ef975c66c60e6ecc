import type { Reservation, UpdateReservationInput } from '@comensal/contracts';
import { enc } from './reservation-keys';
import { send } from './send';

export function updateReservation(id: string, input: UpdateReservationInput): Promise<Reservation> {
  return send<Reservation>(`/api/reservations/${enc(id)}`, 'PATCH', input);
}
