import type { Invitation } from '@comensal/contracts';

export type InvitationState = 'pending' | 'accepted' | 'rejected' | 'expired';

/** What an invitation shows: answered, still open, or no longer answerable. */
export function invitationState(invitation: Pick<Invitation, 'accepted' | 'reservation'>): InvitationState {
  if (invitation.accepted === true) return 'accepted';
  if (invitation.accepted === false) return 'rejected';
  return invitation.reservation.isCurrent ? 'pending' : 'expired';
}

/**
 * Whether to show the "new invitation" modal (docs/product.md#invitation-states): only when the
 * number of pending invitations grows after the first load (`previous` null = first load).
 */
export function hasNewInvitations(previous: number | null, current: number): boolean {
  return previous !== null && current > previous;
}
