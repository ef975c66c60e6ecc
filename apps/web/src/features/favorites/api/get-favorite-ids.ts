import type { FavoriteIds } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { FAVORITES_LOAD_ERROR } from './list-favorites';

export const favoriteIdsKey = ['favorites', 'ids'] as const;

/** `GET /api/me/favorites/ids`: which restaurants and dishes the diner has marked (for the hearts). */
export function getFavoriteIds(signal?: AbortSignal): Promise<FavoriteIds> {
  return apiRequest<FavoriteIds>('/api/me/favorites/ids', { signal, logAs: FAVORITES_LOAD_ERROR });
}

export function getFavoriteIdsQueryOptions() {
  return queryOptions({
    queryKey: favoriteIdsKey,
    queryFn: ({ signal }) => getFavoriteIds(signal),
  });
}

/** Only with a session: anonymous visitors have no favourites to ask for. */
export function useFavoriteIds(hasSession: boolean) {
  return useQuery({ ...getFavoriteIdsQueryOptions(), enabled: hasSession });
}
