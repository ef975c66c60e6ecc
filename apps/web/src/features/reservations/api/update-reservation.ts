import type { Reservation, UpdateReservationInput } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

export function updateReservation(id: string, input: UpdateReservationInput): Promise<Reservation> {
  return apiRequest<Reservation>(`/api/reservations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: input,
  });
}
