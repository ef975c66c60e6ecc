import type { DeleteMeResult } from '@comensal/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The export's address: a plain link downloads it (the server answers it as an attachment). */
export const EXPORT_PATH = '/api/me/export';

/** `DELETE /api/me`, confirmed with the account's e-mail (docs/privacy.md#deletion). */
export function deleteMyAccount(email: string): Promise<DeleteMeResult> {
  return apiRequest<DeleteMeResult>('/api/me', {
    method: 'DELETE',
    body: { confirm: email },
    logAs: 'Error al borrar la cuenta',
  });
}

export function useDeleteMyAccount(onDeleted: () => void) {
  return useMutation({ mutationFn: deleteMyAccount, onSuccess: onDeleted });
}
