/**
 * The share link (docs/product.md#share-link): the creator's open invitation. Its address carries
 * a secret key; whoever holds it joins the reservation — signed in or as a guest — while the
 * members do not yet fill the party size. The creator reads the link, renews it (a new key: the
 * old link stops working) or turns it off. An invitation by e-mail is another thing: it stays
 * bound to its address (answer-invitation.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import type { JoinByShareLinkInput, Reservation, ShareLink } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { DbExecutor } from '../../db/client.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { addMember } from './add-member.ts';
import { assertCreator, assertCurrent, findReservationOrThrow, readReservation } from './access.ts';
import { reservationRepository, type ReservationRow } from './reservation-repository.ts';
import { shareLinkRepository } from './share-link-repository.ts';

export const shareLinkOff = () =>
  new AppError('SHARE_LINK_OFF', 'This link was turned off or replaced by a new one');
export const reservationFull = () =>
  new AppError('RESERVATION_FULL', 'The party is complete: every seat of this reservation is taken');

/** Whether `given` is the reservation's key (compared in constant time). */
export function keyMatches(key: string | null | undefined, given: string): boolean {
  if (!key) return false;
  const a = Buffer.from(key);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a link holding `given` does now: `open`, `full` or `off` (the invitation page shows it). */
export async function shareLinkState(
  ctx: Pick<RequestContext, 'db'>,
  reservation: ReservationRow,
  given: string,
  tx: DbExecutor = ctx.db,
): Promise<'open' | 'full' | 'off'> {
  const links = shareLinkRepository(ctx.db);
  if (!keyMatches(await links.findKey(reservation.id, tx), given)) return 'off';
  return (await links.countMembers(reservation.id, tx)) >= reservation.quantity ? 'full' : 'open';
}

async function creatorsReservation(
  ctx: RequestContext,
  diner: Diner,
  id: string,
  tx: DbExecutor,
): Promise<ReservationRow> {
  const reservation = await findReservationOrThrow(ctx, id, { tx, lock: true });
  assertCreator(reservation, diner);
  return reservation;
}

/** The creator reads the link's key (null when off). */
export async function getShareLink(ctx: RequestContext, diner: Diner, id: string): Promise<ShareLink> {
  const reservation = await findReservationOrThrow(ctx, id);
  assertCreator(reservation, diner);
  const key = await shareLinkRepository(ctx.db).findKey(reservation.id);
  return { reservationId: reservation.id, key: key ?? null };
}

/** The creator draws a new key (turning the link on if it was off); the old link stops working. */
export async function renewShareLink(ctx: RequestContext, diner: Diner, id: string): Promise<ShareLink> {
  return inTransaction(ctx.db, async (tx) => {
    const reservation = await creatorsReservation(ctx, diner, id, tx);
    assertCurrent(reservation, ctx.now());
    return {
      reservationId: reservation.id,
      key: await shareLinkRepository(ctx.db).renew(reservation.id, tx),
    };
  });
}

/** The creator turns the link off (idempotent); renewing turns it on again with a new key. */
export async function turnOffShareLink(ctx: RequestContext, diner: Diner, id: string): Promise<ShareLink> {
  return inTransaction(ctx.db, async (tx) => {
    const reservation = await creatorsReservation(ctx, diner, id, tx);
    await shareLinkRepository(ctx.db).turnOff(reservation.id, tx);
    return { reservationId: reservation.id, key: null };
  });
}

/**
 * Whoever holds the key joins (a guest or a user), under the reservation's row lock, so that
 * simultaneous joins never take the members past the party size: 404 SHARE_LINK_OFF for a key
 * that is not (or no longer) the reservation's, 409 RESERVATION_CLOSED once cancelled or over,
 * 409 RESERVATION_FULL when the members fill the party. A member joining again changes nothing.
 */
export async function joinByShareLink(
  ctx: RequestContext,
  diner: Diner,
  id: string,
  input: JoinByShareLinkInput,
): Promise<Reservation> {
  const links = shareLinkRepository(ctx.db);
  await inTransaction(ctx.db, async (tx) => {
    const reservation = await findReservationOrThrow(ctx, id, { tx, lock: true });
    if (!keyMatches(await links.findKey(reservation.id, tx), input.key)) throw shareLinkOff();
    if (await reservationRepository(ctx.db).isMember(reservation.id, diner.userId, tx)) return;
    assertCurrent(reservation, ctx.now());
    if ((await links.countMembers(reservation.id, tx)) >= reservation.quantity) throw reservationFull();
    await addMember(ctx, tx, reservation, diner.userId);
  });
  return readReservation(ctx, id);
}
