import type { InvitationScope } from '@comensal/contracts';

export const INVITATIONS_LOAD_ERROR = 'Error al cargar invitaciones';
/** SPEC §8: logged for both accept and reject. */
export const INVITATION_ANSWER_ERROR = 'Error al aceptar invitación';

export const invitationKeys = {
  all: ['invitations'] as const,
  list: (scope: InvitationScope) => ['invitations', 'list', scope] as const,
};
