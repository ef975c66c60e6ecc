import type { Diner } from '../../lib/context.ts';
import type { Invitee } from './invitation-repository.ts';

/**
 * An invitation sent to an e-mail address belongs to whoever proved they own it
 * (docs/product.md#e-mail-verification): it reaches a diner by user id (linked when the invitee
 * was already verified), or by e-mail once the diner's address is verified — never a guest's, and
 * never an address someone registered without verifying it.
 */
export const inviteeOf = (diner: Diner): Invitee => ({
  userId: diner.userId,
  email: ownsEmail(diner) ? diner.email : null,
});

const ownsEmail = (diner: Diner) => !diner.isGuest && diner.emailVerified;

const sentTo = (invitation: { inviteeEmail: string }, diner: Diner) =>
  !diner.isGuest && invitation.inviteeEmail.toLowerCase() === diner.email.toLowerCase();

export function isInviteeOf(
  invitation: { userId: string | null; inviteeEmail: string },
  diner: Diner,
): boolean {
  if (invitation.userId !== null && invitation.userId === diner.userId) return true;
  return ownsEmail(diner) && sentTo(invitation, diner);
}

/** Sent to the diner's address, which they have not verified yet: they answer once they do. */
export function awaitsVerification(
  invitation: { userId: string | null; inviteeEmail: string },
  diner: Diner,
): boolean {
  return !isInviteeOf(invitation, diner) && !diner.emailVerified && sentTo(invitation, diner);
}
