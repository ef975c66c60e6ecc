import type { Me } from '@comensal/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const PROFILE_LOAD_ERROR = 'Error al cargar el perfil';

/** Keyed by the account: signing in as someone else (a guest becoming a user) never shows stale data. */
export const meKeys = {
  all: ['me'] as const,
  of: (userId: string) => ['me', userId] as const,
};

/** Puts a fresh answer (from PATCH or the photo upload) in place of the cached profile of that account. */
export function storeMe(queryClient: QueryClient, me: Me): void {
  queryClient.setQueriesData<Me>({ queryKey: meKeys.all }, (cached) => (cached?.id === me.id ? me : cached));
}

/** `GET /api/me` (the server checks its answer against the contract; no zod here, ADR 0008). */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest<Me>('/api/me', { signal, logAs: PROFILE_LOAD_ERROR });
}

export function getMeQueryOptions(userId: string) {
  return queryOptions({ queryKey: meKeys.of(userId), queryFn: ({ signal }) => getMe(signal) });
}

export function useMe(userId: string) {
  return useQuery(getMeQueryOptions(userId));
}
