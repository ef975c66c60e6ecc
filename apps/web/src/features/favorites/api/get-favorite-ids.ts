import type { FavoriteIds } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { favoriteKeys } from './favorite-keys';
import { FAVORITES_LOAD_ERROR } from './list-favorites';

/** `GET /api/me/favorites/ids`: which restaurants and dishes the diner has marked (for the hearts). */
export async function getFavoriteIds(signal?: AbortSignal): Promise<FavoriteIds> {
  try {
    return await apiGet<FavoriteIds>('/api/me/favorites/ids', { ...(signal && { signal }) });
  } catch (error) {
    if (!signal?.aborted) logFailure(FAVORITES_LOAD_ERROR, error);
    throw error;
  }
}

export function getFavoriteIdsQueryOptions() {
  return queryOptions({
    queryKey: favoriteKeys.ids(),
    queryFn: ({ signal }) => getFavoriteIds(signal),
  });
}

/** Only with a session: anonymous visitors have no favourites to ask for. */
export function useFavoriteIds(hasSession: boolean) {
  return useQuery({ ...getFavoriteIdsQueryOptions(), enabled: hasSession });
}
