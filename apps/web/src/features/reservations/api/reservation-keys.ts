import type { ReservationScope } from '@comensal/contracts';
import { logFailure } from '@/lib/log';

export const RESERVATION_LOAD_ERROR = 'Error al cargar la reserva';

export const RESERVATION_SAVE_ERROR = 'Error al guardar la reserva';

/** SPEC §8: logged for both accept and reject. */
export const INVITATION_ANSWER_ERROR = 'Error al aceptar invitación';

export const MISSING_IDS = 'Restaurant ID or Reservation ID is missing.';

/** Path segments are encoded: ids come from the URL. */
export const enc = encodeURIComponent;

export const reservationKeys = {
  all: ['reservations'] as const,
  lists: () => ['reservations', 'list'] as const,
  list: (scope: ReservationScope) => ['reservations', 'list', scope] as const,
  detail: (id: string) => ['reservations', 'detail', id] as const,
  invitation: (id: string, viewer: string) => ['reservations', 'invitation', id, viewer] as const,
  availability: (restaurantId: string, query: AvailabilityParams) =>
    ['reservations', 'availability', restaurantId, query] as const,
  restaurant: (restaurantId: string) => ['reservations', 'restaurant', restaurantId] as const,
  users: (q: string) => ['reservations', 'users', q] as const,
};

/** Logs a failed load (not an aborted one) and passes the failure on. */
export async function logged<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (!signal?.aborted) logFailure(RESERVATION_LOAD_ERROR, error);
    throw error;
  }
}

export interface AvailabilityParams {
  date: string;
  startAt: string;
  duration: number;
  quantity: number;
}
