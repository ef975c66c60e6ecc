import { INVITATION_EVENTS, type Invitation } from '@comensal/contracts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { addMember } from './add-member.ts';
import { assertCurrent, findReservationOrThrow } from './access.ts';
import { publishInvitationEvent } from './reservation-events.ts';
import { invitationRepository } from './invitation-repository.ts';
import { awaitsVerification, isInviteeOf } from './invitee.ts';
import { toInvitation } from './mappers.ts';

/** Logged for a failure of accept and of reject alike (docs/product.md#product-log-messages). */
export const ANSWER_FAILED_MESSAGE = 'Error al aceptar invitación';

/**
 * The invitee (by user id, or by e-mail for a user who verified it — else 403
 * EMAIL_NOT_VERIFIED) answers. Accepting sets
 * accepted = true and adds them to the reservation's users (and to the restaurant's clients) in
 * one transaction; rejecting sets accepted = false. Answering the same again answers the same;
 * changing an answer is 409 INVITATION_ANSWERED; a cancelled or finished reservation is 409
 * RESERVATION_CLOSED.
 */
async function answerInvitation(
  ctx: RequestContext,
  diner: Diner,
  id: string,
  accepted: boolean,
): Promise<Invitation> {
  const invitations = invitationRepository(ctx.db);
  const now = ctx.now();
  try {
    await inTransaction(ctx.db, async (tx) => {
      if (!isUuid(id) || !(await invitations.lock(id, tx))) throw AppError.notFound('Invitation');
      const invitation = await invitations.findById(id, tx);
      // withdrawn by the creator: gone, as far as the invitee knows
      if (!invitation || invitation.revokedAt !== null) throw AppError.notFound('Invitation');
      if (awaitsVerification(invitation, diner)) {
        throw new AppError('EMAIL_NOT_VERIFIED', 'Confirm your e-mail address to answer this invitation');
      }
      if (!isInviteeOf(invitation, diner)) {
        throw new AppError('FORBIDDEN', 'This invitation is for someone else');
      }
      if (invitation.accepted === accepted) return;
      if (invitation.accepted !== null) {
        throw new AppError('INVITATION_ANSWERED', 'This invitation was already answered');
      }
      const reservation = await findReservationOrThrow(ctx, invitation.reservationId, { tx, lock: true });
      assertCurrent(reservation, now);
      await invitations.answer(id, { accepted, userId: diner.userId, respondedAt: now }, tx);
      const data = { invitationId: id, reservationId: reservation.id, accepted };
      await publishInvitationEvent(ctx, tx, INVITATION_EVENTS.answered, data, diner.userId);
      if (accepted) await addMember(ctx, tx, reservation, diner.userId);
    });
  } catch (error) {
    const level = isAppError(error) && error.statusCode < 500 ? 'warn' : 'error';
    ctx.log[level](
      {
        err: error,
        invitationId: id,
        userId: diner.userId,
        accepted,
        code: isAppError(error) ? error.code : null,
      },
      ANSWER_FAILED_MESSAGE,
    );
    throw error;
  }
  const row = await invitations.findById(id);
  if (!row) throw AppError.notFound('Invitation');
  return toInvitation(row, ctx.now());
}

export const acceptInvitation = (ctx: RequestContext, diner: Diner, id: string) =>
  answerInvitation(ctx, diner, id, true);

export const rejectInvitation = (ctx: RequestContext, diner: Diner, id: string) =>
  answerInvitation(ctx, diner, id, false);
