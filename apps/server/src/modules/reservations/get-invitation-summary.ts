import type { InvitationSummaryQuery, ReservationInvitationSummary } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { findReservationOrThrow } from './access.ts';
import { toReservationOutline, toReservationRestaurant } from './mappers.ts';
import { reservationRepository } from './reservation-repository.ts';
import { invitationRepository } from './invitation-repository.ts';
import { inviteeOf } from './invitee.ts';
import { shareLinkState } from './share-link.ts';

/**
 * The public invitation page (anyone with the link): restaurant, date and time, party size and
 * who invites — never the members or any e-mail. A signed-in diner also learns whether they
 * are a member and which invitation of theirs (if any) to answer. With the share link's `key`,
 * whether that link still lets people join (docs/product.md#share-link).
 */
export async function getInvitationSummary(
  ctx: RequestContext,
  diner: Diner | null,
  reservationId: string,
  query: InvitationSummaryQuery = {},
): Promise<ReservationInvitationSummary> {
  const reservations = reservationRepository(ctx.db);
  const row = await findReservationOrThrow(ctx, reservationId);
  const creator = await reservations.findUser(row.createdBy);
  const viewer = diner
    ? {
        isMember: await reservations.isMember(row.id, diner.userId),
        invitation: await invitationRepository(ctx.db).findForInvitee(row.id, inviteeOf(diner)),
      }
    : null;
  return {
    reservationId: row.id,
    restaurant: toReservationRestaurant(row.restaurant),
    ...toReservationOutline(row, row.restaurant.timeZone, ctx.now()),
    inviter: { displayName: creator?.displayName ?? '', photoURL: creator?.photoURL ?? null },
    viewer,
    shareLink: query.key === undefined ? null : await shareLinkState(ctx, row, query.key),
  };
}
