import type { CreateReservationInput, Reservation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

export function createReservation(input: CreateReservationInput): Promise<Reservation> {
  return apiRequest<Reservation>('/api/reservations', { method: 'POST', body: input });
}
