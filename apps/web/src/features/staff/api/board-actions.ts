import type { StaffBoardReservation, UpdateStaffReservationInput } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { STAFF_ACTION_ERROR, staffErrorMessage } from '../staff-errors';
import { staffBoardRootKey } from './get-staff-board';

const reservationPath = (id: string) => `/api/staff/reservations/${encodeURIComponent(id)}`;

/** `PATCH /api/staff/reservations/:id`: seat or complete a reservation. */
export function setReservationStatus(
  reservationId: string,
  status: UpdateStaffReservationInput['status'],
): Promise<StaffBoardReservation> {
  return apiRequest<StaffBoardReservation>(reservationPath(reservationId), {
    method: 'PATCH',
    body: { status } satisfies UpdateStaffReservationInput,
    logAs: STAFF_ACTION_ERROR,
  });
}

/** `DELETE /api/staff/reservations/:id/assistance`: the call was answered. */
export function answerAssistance(reservationId: string): Promise<StaffBoardReservation> {
  return apiRequest<StaffBoardReservation>(`${reservationPath(reservationId)}/assistance`, {
    method: 'DELETE',
    logAs: STAFF_ACTION_ERROR,
  });
}

/** `POST /api/staff/reservations/:id/orders-ready`: every member is told their orders are ready. */
export function markOrdersReady(reservationId: string): Promise<StaffBoardReservation> {
  return apiRequest<StaffBoardReservation>(`${reservationPath(reservationId)}/orders-ready`, {
    method: 'POST',
    logAs: STAFF_ACTION_ERROR,
  });
}

/** A board action: refused ones say why (a toast from the catalogs); either way the board is read again. */
export function useBoardAction<A>(restaurantId: string, action: (argument: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onError: (error) => notify('error', staffErrorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffBoardRootKey(restaurantId) }),
  });
}
