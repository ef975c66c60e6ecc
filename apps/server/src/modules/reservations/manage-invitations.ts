/**
 * The creator's view of the invitations nobody answered yet (docs/product.md#unanswered-invitations):
 * list them, send one again, or withdraw it. Invitees never reach these (403). Sending again
 * withdraws the old invitation and makes a new one, so it counts against the same limits as a
 * first invitation (the diner's daily e-mails, the reservation's cap) and mails the link again.
 */
import { INVITATION_EVENTS, type PendingInvitation, type PendingInvitationList } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { DbExecutor } from '../../db/client.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertCreator, assertCurrent, findReservationOrThrow } from './access.ts';
import { checkDailyInvitations, checkReservationInvitations } from './create-invitation.ts';
import { invitationRepository } from './invitation-repository.ts';
import { publishInvitationEvent } from './reservation-events.ts';
import { invitationLocale, sendInvitationEmail } from './send-invitation-email.ts';

type PendingRow = Awaited<
  ReturnType<ReturnType<typeof invitationRepository>['listPendingForReservation']>
>[number];

const toPending = (row: PendingRow): PendingInvitation => ({
  id: row.id,
  email: row.byCompanion ? null : row.inviteeEmail,
  displayName: row.inviteeName ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The pending invitations of the creator's reservation, oldest first. */
export async function listPendingInvitations(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<PendingInvitationList> {
  const reservation = await findReservationOrThrow(ctx, reservationId);
  assertCreator(reservation, diner);
  const rows = await invitationRepository(ctx.db).listPendingForReservation(reservation.id);
  return { items: rows.map(toPending) };
}

/**
 * The invitation, pending and not withdrawn, of a reservation the diner created, locked with
 * its reservation: 404 unknown (or withdrawn), 403 not the creator, 409 INVITATION_ANSWERED.
 */
async function creatorsPendingInvitation(ctx: RequestContext, diner: Diner, id: string, tx: DbExecutor) {
  const invitations = invitationRepository(ctx.db);
  const found = isUuid(id) ? await invitations.findOwnRow(id, tx) : null;
  if (!found) throw AppError.notFound('Invitation');
  const reservation = await findReservationOrThrow(ctx, found.reservationId, { tx, lock: true });
  assertCreator(reservation, diner);
  // read again under the reservation's lock: the invitee may have answered a moment ago
  await invitations.lock(id, tx);
  const row = await invitations.findOwnRow(id, tx);
  if (!row || row.revokedAt !== null) throw AppError.notFound('Invitation');
  if (row.accepted !== null) {
    throw new AppError('INVITATION_ANSWERED', 'This invitation was already answered');
  }
  return { row, reservation };
}

/** Withdraws a pending invitation (idempotent: withdrawing it again answers the same). */
export async function revokeInvitation(ctx: RequestContext, diner: Diner, id: string): Promise<void> {
  const invitations = invitationRepository(ctx.db);
  await inTransaction(ctx.db, async (tx) => {
    const existing = isUuid(id) ? await invitations.findOwnRow(id, tx) : null;
    if (existing?.revokedAt) {
      // already withdrawn: the same answer, to its creator only
      assertCreator(await findReservationOrThrow(ctx, existing.reservationId, { tx }), diner);
      return;
    }
    const { row, reservation } = await creatorsPendingInvitation(ctx, diner, id, tx);
    await invitations.revoke(row.id, ctx.now(), tx);
    await publishInvitationEvent(
      ctx,
      tx,
      INVITATION_EVENTS.revoked,
      { invitationId: row.id, reservationId: reservation.id, accepted: null },
      row.userId,
    );
  });
}

/**
 * Sends a pending invitation again: the old one is withdrawn and a new one made for the same
 * address (under the same limits as a first one: 429 INVITATION_DAILY_LIMIT, 409 CONFLICT
 * INVITATION_LIMIT), then the e-mail goes again.
 */
export async function resendInvitation(
  ctx: RequestContext,
  diner: Diner,
  id: string,
): Promise<PendingInvitation> {
  const invitations = invitationRepository(ctx.db);
  const now = ctx.now();
  const sent = await inTransaction(ctx.db, async (tx) => {
    const { row, reservation } = await creatorsPendingInvitation(ctx, diner, id, tx);
    assertCurrent(reservation, now);
    await checkDailyInvitations(ctx, tx, diner, now);
    await checkReservationInvitations(ctx, tx, reservation.id);
    await invitations.revoke(row.id, now, tx);
    const newId = await invitations.insert(
      {
        userId: row.userId,
        inviteeEmail: row.inviteeEmail,
        restaurantId: row.restaurantId,
        reservationId: row.reservationId,
        invitedBy: diner.userId,
        createdAt: now,
        byCompanion: row.byCompanion,
      },
      tx,
    );
    const data = { reservationId: reservation.id, accepted: null };
    await publishInvitationEvent(
      ctx,
      tx,
      INVITATION_EVENTS.revoked,
      { ...data, invitationId: row.id },
      row.userId,
    );
    await publishInvitationEvent(
      ctx,
      tx,
      INVITATION_EVENTS.created,
      { ...data, invitationId: newId },
      row.userId,
    );
    const registered = await invitations.findUserByEmail(row.inviteeEmail, tx);
    return { newId, reservation, email: row.inviteeEmail, locale: registered?.locale };
  });

  await sendInvitationEmail(ctx, {
    to: sent.email,
    locale: invitationLocale(sent.locale, diner.locale),
    inviterName: diner.displayName,
    restaurantName: sent.reservation.restaurant.name,
    restaurantId: sent.reservation.restaurantId,
    reservationId: sent.reservation.id,
    start: sent.reservation.startsAt,
    timeZone: sent.reservation.restaurant.timeZone,
  });

  const pending = await invitations.listPendingForReservation(sent.reservation.id);
  const created = pending.find((item) => item.id === sent.newId);
  if (!created) throw AppError.notFound('Invitation');
  return toPending(created);
}
