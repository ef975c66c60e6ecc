import type { Reservation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

export function cancelReservation(id: string): Promise<Reservation> {
  return apiRequest<Reservation>(`/api/reservations/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}
