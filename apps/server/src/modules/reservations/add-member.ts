import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { memberIds } from './access.ts';
import { publishReservationEvent, RESERVATION_EVENTS } from './reservation-events.ts';
import { reservationRepository, type ReservationRow } from './reservation-repository.ts';
import { saveClientRecord } from './save-client-record.ts';

/**
 * Someone joins the reservation (an accepted invitation or join request), inside the caller's
 * transaction, which holds the reservation's row lock: they become a member and a client of the
 * restaurant, and the members (the newcomer included) get `members.changed`.
 */
export async function addMember(
  ctx: Pick<RequestContext, 'db' | 'log' | 'live'>,
  tx: DbExecutor,
  reservation: ReservationRow,
  userId: string,
): Promise<void> {
  await reservationRepository(ctx.db).addMember(reservation.id, userId, tx);
  await saveClientRecord(ctx, tx, {
    restaurantId: reservation.restaurantId,
    reservationId: reservation.id,
    userId,
    date: reservation.startsAt,
    tableNumber: reservation.tableNumber,
    delivery: reservation.kind === 'delivery',
    pickup: reservation.kind === 'pickup',
  });
  await publishReservationEvent(
    ctx,
    tx,
    RESERVATION_EVENTS.membersChanged,
    reservation.id,
    await memberIds(ctx, reservation.id, tx),
  );
}
