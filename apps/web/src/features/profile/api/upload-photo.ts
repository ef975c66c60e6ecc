import { type Me, meSchema, PHOTO_FIELD } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { storeMe } from './get-me';

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return null;
  const { error } = payload as { error: unknown };
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error as { code: unknown };
  return typeof code === 'string' ? code : null;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** POST /api/me/photo as multipart (field `photo`); answers the updated profile. */
export async function uploadPhoto(file: File): Promise<Me> {
  const body = new FormData();
  body.append(PHOTO_FIELD, file, file.name);
  try {
    let response: Response;
    try {
      response = await fetch(`${env.apiOrigin}/api/me/photo`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        credentials: env.apiOrigin ? 'include' : 'same-origin',
        body,
      });
    } catch (error) {
      throw new ApiError('NETWORK_ERROR', 0, 'The request did not reach the server', { cause: error });
    }
    const payload = await readJson(response);
    if (!response.ok) {
      // A proxy in front may answer 413 without our error body.
      const fallback = response.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'HTTP_ERROR';
      throw new ApiError(errorCodeOf(payload) ?? fallback, response.status);
    }
    const parsed = meSchema.safeParse(payload);
    if (!parsed.success) {
      throw new ApiError('INVALID_RESPONSE', response.status, 'Unexpected answer from /api/me/photo', {
        cause: parsed.error,
      });
    }
    return parsed.data;
  } catch (error) {
    logFailure('Error al subir la foto', error);
    throw error;
  }
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (me) => storeMe(queryClient, me),
  });
}
