import type { Diner } from '../../lib/context.ts';
import type { Invitee } from './invitation-repository.ts';

/** Invitations reach a diner by user id, or by e-mail unless they are a guest. */
export const inviteeOf = (diner: Diner): Invitee => ({
  userId: diner.userId,
  email: diner.isGuest ? null : diner.email,
});

export function isInviteeOf(
  invitation: { userId: string | null; inviteeEmail: string },
  diner: Diner,
): boolean {
  if (invitation.userId !== null && invitation.userId === diner.userId) return true;
  return !diner.isGuest && invitation.inviteeEmail.toLowerCase() === diner.email.toLowerCase();
}
