import { type Me, meSchema, PHOTO_FIELD } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storeMe } from './get-me';

/** POST /api/me/photo as multipart (field `photo`); answers the updated profile. */
export function uploadPhoto(file: File): Promise<Me> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file, file.name);
  return apiRequest('/api/me/photo', {
    method: 'POST',
    body,
    schema: meSchema,
    logAs: 'Error al subir la foto',
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (me) => storeMe(queryClient, me),
  });
}
