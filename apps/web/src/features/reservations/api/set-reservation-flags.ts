import type { Reservation } from '@comensal/contracts';
import { enc } from './reservation-keys';
import { send } from './send';

export function setAssistance(id: string, requested: boolean): Promise<Reservation> {
  return send<Reservation>(`/api/reservations/${enc(id)}/assistance`, requested ? 'POST' : 'DELETE');
}

export function clearOrdersReady(id: string): Promise<Reservation> {
  return send<Reservation>(`/api/reservations/${enc(id)}/orders-ready-notification`, 'DELETE');
}
