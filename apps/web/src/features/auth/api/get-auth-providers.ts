import { authProvidersSchema } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { logFailure } from '@/lib/log';

/** The social sign-in providers the server has configured (none when it has no OAuth client ids). */
export async function getAuthProviders(signal?: AbortSignal) {
  try {
    return await apiRequest('/api/auth-providers', {
      schema: authProvidersSchema,
      ...(signal && { signal }),
    });
  } catch (error) {
    if (!signal?.aborted) logFailure('Error al cargar los proveedores de acceso', error);
    throw error;
  }
}

export function getAuthProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth-providers'],
    queryFn: ({ signal }) => getAuthProviders(signal),
    // Server configuration: it does not change while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAuthProviders() {
  return useQuery(getAuthProvidersQueryOptions());
}
