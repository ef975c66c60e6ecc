import { useQueryClient } from '@tanstack/react-query';
import { useLiveTopic } from '@/lib/live';
import { invitationListsKey, useInvitations } from '@/features/invitations/api/list-invitations';
import { invitationState } from '@/features/invitations/invitation-state';

/** The diner's own invitations channel (docs/product.md#live-updates). */
export const INVITATIONS_TOPIC = 'user:me:invitations';

/**
 * How many invitations wait for the diner's answer, kept live over the tab's one socket: every
 * invitation event refreshes every invitation list (docs/product.md#invitations-noticed-anywhere).
 * `enabled` false (nobody signed in): nothing is asked, undefined.
 */
export function usePendingInvitations(enabled: boolean): number | undefined {
  const queryClient = useQueryClient();
  const current = useInvitations('current', enabled);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: invitationListsKey });
  useLiveTopic(enabled ? INVITATIONS_TOPIC : null, refresh, { onResync: refresh });
  if (!enabled) return undefined;
  return current.data?.items.filter((invitation) => invitationState(invitation) === 'pending').length;
}
