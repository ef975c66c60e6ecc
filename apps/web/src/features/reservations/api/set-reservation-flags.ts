import type { Reservation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

export function setAssistance(id: string, requested: boolean): Promise<Reservation> {
  return apiRequest<Reservation>(`/api/reservations/${encodeURIComponent(id)}/assistance`, {
    method: requested ? 'POST' : 'DELETE',
  });
}

export function clearOrdersReady(id: string): Promise<Reservation> {
  return apiRequest<Reservation>(`/api/reservations/${encodeURIComponent(id)}/orders-ready-notification`, {
    method: 'DELETE',
  });
}
