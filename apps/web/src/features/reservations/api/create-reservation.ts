import type { CreateReservationInput, Reservation } from '@comensal/contracts';
import { apiRequest } from '@/lib/api-client';

/** `idempotencyKey`: one per user action, the same on its retries (lib/idempotency.ts). */
export function createReservation(
  input: CreateReservationInput,
  idempotencyKey: string,
): Promise<Reservation> {
  return apiRequest<Reservation>('/api/reservations', { method: 'POST', body: input, idempotencyKey });
}
