import type { Invitation } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * First element of the query keys of the two features an answer changes (the invitee's
 * invitations and reservations): their keys, declared beside each endpoint, start with these, so
 * the answer below can refresh both without knowing either feature.
 */
export const queryRoots = { invitations: 'invitations', reservations: 'reservations' } as const;

/** Logged for both accept and reject (docs/product.md#product-log-messages). */
export const INVITATION_ANSWER_ERROR = 'Error al aceptar invitación';

/** `POST /api/invitations/:id/accept` or `/reject` (the invitee only). */
export function answerInvitation(invitationId: string, accept: boolean): Promise<Invitation> {
  return apiRequest<Invitation>(
    `/api/invitations/${encodeURIComponent(invitationId)}/${accept ? 'accept' : 'reject'}`,
    {
      method: 'POST',
      logAs: INVITATION_ANSWER_ERROR,
      reportAs: 'invitation_answer_failed',
    },
  );
}

export interface AnswerInvitationInput {
  invitationId: string;
  accept: boolean;
}

/**
 * Accepts or rejects an invitation, from the invitations list and from the invitation link's page
 * alike. A failure is logged (docs/product.md#product-log-messages); an answer changes the
 * invitee's invitations and reservations, so both are asked for again.
 */
export function useAnswerInvitation({
  onSuccess,
  onError,
}: {
  onSuccess?: (invitation: Invitation) => void;
  onError?: (error: unknown) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, accept }: AnswerInvitationInput) => answerInvitation(invitationId, accept),
    ...(onError && { onError }),
    onSuccess: (invitation) => {
      void queryClient.invalidateQueries({ queryKey: [queryRoots.invitations] });
      void queryClient.invalidateQueries({ queryKey: [queryRoots.reservations] });
      onSuccess?.(invitation);
    },
  });
}
