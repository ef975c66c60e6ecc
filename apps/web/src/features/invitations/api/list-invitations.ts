import type { InvitationList, InvitationScope } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { INVITATIONS_LOAD_ERROR, invitationKeys } from './invitation-keys';

/** `GET /api/invitations?scope=…`: the diner's invitations, newest first. */
export function useInvitations(scope: InvitationScope) {
  return useQuery({
    queryKey: invitationKeys.list(scope),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<InvitationList>('/api/invitations', { query: { scope, limit: 100 }, signal });
      } catch (error) {
        if (!signal.aborted) logFailure(INVITATIONS_LOAD_ERROR, error);
        throw error;
      }
    },
  });
}
