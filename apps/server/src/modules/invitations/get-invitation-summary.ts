import type { ReservationInvitationSummary } from '@comensal/contracts';
import { findReservationOrThrow } from '../reservations/access.ts';
import type { Caller } from '../reservations/caller.ts';
import type { ReservationsContext } from '../reservations/context.ts';
import { isCurrentReservation, toReservationRestaurant } from '../reservations/mappers.ts';
import { reservationRepository } from '../reservations/reservation-repository.ts';
import { localSlot } from '../reservations/slot.ts';
import { invitationRepository } from './invitation-repository.ts';
import { inviteeOf } from './invitee.ts';

/**
 * The public invitation page (anyone with the link): restaurant, date and time, party size and
 * who invites — never the members or any e-mail. A signed-in caller also learns whether they
 * are a member and which invitation of theirs (if any) to answer.
 */
export async function getInvitationSummary(
  ctx: ReservationsContext,
  caller: Caller | null,
  reservationId: string,
): Promise<ReservationInvitationSummary> {
  const reservations = reservationRepository(ctx.db);
  const row = await findReservationOrThrow(ctx, reservationId);
  const creator = await reservations.findUser(row.createdBy);
  const viewer = caller
    ? {
        isMember: await reservations.isMember(row.id, caller.userId),
        invitation: await invitationRepository(ctx.db).findForInvitee(row.id, inviteeOf(caller)),
      }
    : null;
  return {
    reservationId: row.id,
    restaurant: toReservationRestaurant(row.restaurant),
    ...localSlot(row.startsAt, row.endsAt, row.restaurant.timeZone),
    time: { start: row.startsAt.toISOString(), end: row.endsAt.toISOString() },
    quantity: row.quantity,
    status: row.status,
    kind: row.kind,
    isCurrent: isCurrentReservation(row, ctx.now()),
    inviter: { displayName: creator?.displayName ?? '', photoURL: creator?.photoURL ?? null },
    viewer,
  };
}
