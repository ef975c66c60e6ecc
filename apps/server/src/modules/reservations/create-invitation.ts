import { INVITATION_EVENTS, type CreateInvitationInput, type Invitation } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import { limitsOf, type Diner, type RequestContext } from '../../lib/context.ts';
import type { DbExecutor } from '../../db/client.ts';
import { assertCreator, assertCurrent, findReservationOrThrow } from './access.ts';
import { publishInvitationEvent } from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';
import { invitationRepository } from './invitation-repository.ts';
import { toInvitation } from './mappers.ts';
import { isCompanion } from '../users/index.ts';
import { invitationLocale, sendInvitationEmail } from './send-invitation-email.ts';

/** Most invitations one reservation may send (answered ones included): keeps it from mailing spam. */
export const MAX_INVITATIONS_PER_RESERVATION = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 429 INVITATION_DAILY_LIMIT when the diner sent as many invitations in the last 24 hours as
 * allowed (docs/product.md#invitation-limits): e-mail invitations must not become a way to mail
 * strangers. The diner's row lock makes the count hold under simultaneous invitations.
 */
export async function checkDailyInvitations(
  ctx: RequestContext,
  tx: DbExecutor,
  diner: Diner,
  now: Date,
): Promise<void> {
  const max = limitsOf(ctx).invitationsPerDay;
  await reservationRepository(ctx.db).lockDiner(diner.userId, tx);
  const sent = await invitationRepository(ctx.db).sentSince(
    diner.userId,
    new Date(now.getTime() - DAY_MS),
    tx,
  );
  if (sent.count < max) return;
  const freeAt = (sent.oldest ?? now).getTime() + DAY_MS;
  throw new AppError('INVITATION_DAILY_LIMIT', `You can send ${max} invitations by e-mail a day`, {
    max,
    retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
  });
}

/** 409 CONFLICT `INVITATION_LIMIT` once the reservation sent its most (withdrawn ones included). */
export async function checkReservationInvitations(
  ctx: Pick<RequestContext, 'db'>,
  tx: DbExecutor,
  reservationId: string,
): Promise<void> {
  const sent = await invitationRepository(ctx.db).countForReservation(reservationId, tx);
  if (sent < MAX_INVITATIONS_PER_RESERVATION) return;
  throw new AppError(
    'CONFLICT',
    `A reservation sends at most ${MAX_INVITATIONS_PER_RESERVATION} invitations`,
    {
      reason: 'INVITATION_LIMIT',
    },
  );
}

/**
 * The creator invites an e-mail, typed or a companion's: a user who verified that address (linked by id), or anyone else
 * (accepted null until the owner of the address, verified, signs in and answers). Then the invitation e-mail
 * with the public link is sent, in the invitee's language if known, else the inviter's.
 */
export async function createInvitation(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
  input: CreateInvitationInput,
): Promise<Invitation> {
  const invitations = invitationRepository(ctx.db);
  const reservations = reservationRepository(ctx.db);
  const email = await inviteeAddress(ctx, diner, input);
  const now = ctx.now();
  const created = await inTransaction(ctx.db, async (tx) => {
    const reservation = await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
    assertCreator(reservation, diner);
    assertCurrent(reservation, now);
    await checkDailyInvitations(ctx, tx, diner, now);
    const registered = await invitations.findUserByEmail(email, tx);
    // linked to an account only when its owner proved the address (else it waits, by e-mail)
    const invitee = registered?.emailVerified ? registered : null;
    if (registered && (await reservations.isMember(reservation.id, registered.id, tx))) {
      throw new AppError('ALREADY_MEMBER', 'That person is already in this reservation');
    }
    await checkReservationInvitations(ctx, tx, reservation.id);
    const id = await invitations.insert(
      {
        userId: invitee?.id ?? null,
        inviteeEmail: email,
        restaurantId: reservation.restaurantId,
        reservationId: reservation.id,
        invitedBy: diner.userId,
        createdAt: now,
        byCompanion: !('email' in input),
      },
      tx,
    );
    await publishInvitationEvent(
      ctx,
      tx,
      INVITATION_EVENTS.created,
      { invitationId: id, reservationId: reservation.id, accepted: null },
      invitee?.id ?? null,
    );
    return { id, reservation, invitee, registered };
  });

  await sendInvitationEmail(ctx, {
    to: email,
    locale: invitationLocale(created.registered?.locale, diner.locale),
    inviterName: diner.displayName,
    restaurantName: created.reservation.restaurant.name,
    restaurantId: created.reservation.restaurantId,
    reservationId: created.reservation.id,
    start: created.reservation.startsAt,
    timeZone: created.reservation.restaurant.timeZone,
  });

  const row = await invitations.findById(created.id);
  if (!row) throw AppError.notFound('Invitation');
  const invitation = toInvitation(row, ctx.now());
  // a companion chosen by id: the creator never reads their address
  return 'email' in input ? invitation : { ...invitation, email: null };
}

/**
 * The address to invite: the one typed, or the e-mail of a companion (someone sharing a
 * reservation with the inviter); any other id is NOT_FOUND, as if it did not exist.
 */
async function inviteeAddress(
  ctx: RequestContext,
  diner: Diner,
  input: CreateInvitationInput,
): Promise<string> {
  if ('email' in input) return input.email.toLowerCase();
  const companion = await isCompanion(ctx.db, diner.userId, input.userId);
  if (!companion) throw AppError.notFound('Companion');
  return companion.email.toLowerCase();
}
