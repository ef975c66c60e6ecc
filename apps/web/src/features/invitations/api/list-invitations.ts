import type { InvitationList, InvitationScope } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';

export const INVITATIONS_LOAD_ERROR = 'Error al cargar invitaciones';

/** Every list of invitations (pending and answered): refreshing the page invalidates them all. */
export const invitationListsKey = [queryRoots.invitations, 'list'] as const;
export const invitationListKey = (scope: InvitationScope) => [...invitationListsKey, scope] as const;

/** `GET /api/invitations?scope=…`: the diner's invitations, newest first. */
export function useInvitations(scope: InvitationScope, enabled = true) {
  return useQuery({
    enabled,
    queryKey: invitationListKey(scope),
    queryFn: ({ signal }) =>
      apiRequest<InvitationList>('/api/invitations', {
        query: { scope, limit: 100 },
        signal,
        logAs: INVITATIONS_LOAD_ERROR,
      }),
  });
}
