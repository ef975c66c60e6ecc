import { type Me, meSchema, type UpdateMeInput } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { storeMe } from './get-me';

export async function updateMe(input: UpdateMeInput): Promise<Me> {
  try {
    return await apiRequest('/api/me', { method: 'PATCH', body: input, schema: meSchema });
  } catch (error) {
    logFailure('Error al guardar el perfil', error);
    throw error;
  }
}

/** PATCH /api/me; the answer becomes the cached profile. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => storeMe(queryClient, me),
  });
}
