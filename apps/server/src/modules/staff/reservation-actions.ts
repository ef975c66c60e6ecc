/**
 * What staff do to a reservation (docs/product.md#staff-console): move its status, mark its orders
 * ready, answer its call for assistance. The reservations module makes the change and tells the
 * diners and the staff; this adds who may (404 to anyone who does not work at its restaurant) and
 * the audit record, in the change's transaction. Answers the reservation as the board shows it.
 */
import type { StaffAuditAction, StaffBoardReservation } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { changeReservationAsStaff, type StaffReservationChange } from '../reservations/index.ts';
import { recordAction } from './audit.ts';
import { boardReservation } from './get-board.ts';
import { requireStaffOf, type StaffCaller } from './staff-access.ts';

const ACTIONS: Record<StaffReservationChange['kind'], StaffAuditAction> = {
  status: 'reservation.status_changed',
  ordersReady: 'reservation.orders_ready',
  clearAssistance: 'reservation.assistance_cleared',
};

export async function actOnReservation(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  change: StaffReservationChange,
): Promise<StaffBoardReservation> {
  let caller: StaffCaller | null = null;
  await changeReservationAsStaff(ctx, reservationId, change, {
    authorize: async (restaurantId) => {
      caller = await requireStaffOf(ctx, diner, restaurantId, 'Reservation');
    },
    record: (tx, { restaurantId, before, after }) =>
      recordAction(ctx, tx, diner, {
        restaurantId,
        action: ACTIONS[change.kind],
        target: { type: 'reservation', id: reservationId },
        before,
        after,
      }),
  });
  return boardReservation(ctx, caller!, reservationId);
}
