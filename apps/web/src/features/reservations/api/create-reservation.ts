import type { CreateReservationInput, Reservation } from '@comensal/contracts';
import { send } from './send';

export function createReservation(input: CreateReservationInput): Promise<Reservation> {
  return send<Reservation>('/api/reservations', 'POST', input);
}
