import { type Me, meSchema, type UpdateMeInput } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storeMe } from './get-me';

export function updateMe(input: UpdateMeInput): Promise<Me> {
  return apiRequest('/api/me', {
    method: 'PATCH',
    body: input,
    schema: meSchema,
    logAs: 'Error al guardar el perfil',
  });
}

/** PATCH /api/me; the answer becomes the cached profile. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => storeMe(queryClient, me),
  });
}
