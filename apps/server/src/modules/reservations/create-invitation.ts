import { INVITATION_EVENTS, type CreateInvitationInput, type Invitation } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertCreator, assertCurrent, findReservationOrThrow } from './access.ts';
import { publishInvitationEvent } from './reservation-events.ts';
import { reservationRepository } from './reservation-repository.ts';
import { invitationRepository } from './invitation-repository.ts';
import { toInvitation } from './mappers.ts';
import { isCompanion } from '../users/index.ts';
import { invitationLocale, sendInvitationEmail } from './send-invitation-email.ts';

/** Most invitations one reservation may send (answered ones included): keeps it from mailing spam. */
export const MAX_INVITATIONS_PER_RESERVATION = 50;

/**
 * The creator invites an e-mail, typed or a companion's: an existing user (linked by id) or someone not registered yet
 * (accepted null until they sign in with that e-mail and answer). Then the invitation e-mail
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
    const invitee = await invitations.findUserByEmail(email, tx);
    if (invitee && (await reservations.isMember(reservation.id, invitee.id, tx))) {
      throw new AppError('ALREADY_MEMBER', 'That person is already in this reservation');
    }
    if ((await invitations.countForReservation(reservation.id, tx)) >= MAX_INVITATIONS_PER_RESERVATION) {
      throw new AppError(
        'CONFLICT',
        `A reservation sends at most ${MAX_INVITATIONS_PER_RESERVATION} invitations`,
        {
          reason: 'INVITATION_LIMIT',
        },
      );
    }
    const id = await invitations.insert(
      {
        userId: invitee?.id ?? null,
        inviteeEmail: email,
        restaurantId: reservation.restaurantId,
        reservationId: reservation.id,
        invitedBy: diner.userId,
        createdAt: now,
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
    return { id, reservation, invitee };
  });

  await sendInvitationEmail(ctx, {
    to: email,
    locale: invitationLocale(created.invitee?.locale, diner.locale),
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
