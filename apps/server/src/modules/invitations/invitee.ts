import type { Caller } from '../reservations/caller.ts';
import type { Invitee } from './invitation-repository.ts';

/** Invitations reach a caller by user id, or by e-mail unless they are a guest. */
export const inviteeOf = (caller: Caller): Invitee => ({
  userId: caller.userId,
  email: caller.isAnonymous ? null : caller.email,
});

export function isInviteeOf(
  invitation: { userId: string | null; inviteeEmail: string },
  caller: Caller,
): boolean {
  if (invitation.userId !== null && invitation.userId === caller.userId) return true;
  return !caller.isAnonymous && invitation.inviteeEmail.toLowerCase() === caller.email.toLowerCase();
}
