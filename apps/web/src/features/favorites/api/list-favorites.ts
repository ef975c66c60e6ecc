import type { FavoriteList, FavoriteProduct, FavoriteRestaurant, FavoriteType } from '@comensal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { favoriteKeys } from './favorite-keys';

export const FAVORITES_LOAD_ERROR = 'Error al cargar favoritos';

type ListOf<T extends FavoriteType> = Extract<FavoriteList, { type: T }>;

/** `GET /api/me/favorites?type=…`: the diner's favourites, newest first, page by page. */
export async function listFavorites<T extends FavoriteType>(
  type: T,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListOf<T>> {
  try {
    return await apiGet<ListOf<T>>('/api/me/favorites', {
      query: { type, cursor },
      ...(signal && { signal }),
    });
  } catch (error) {
    if (!signal?.aborted) logFailure(FAVORITES_LOAD_ERROR, error);
    throw error;
  }
}

export function listFavoritesQueryOptions<T extends FavoriteType>(type: T) {
  return infiniteQueryOptions({
    queryKey: favoriteKeys.list(type),
    queryFn: ({ pageParam, signal }) => listFavorites(type, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useFavoriteRestaurants() {
  return useInfiniteQuery(listFavoritesQueryOptions('restaurants'));
}

export function useFavoriteProducts() {
  return useInfiniteQuery(listFavoritesQueryOptions('products'));
}

export type { FavoriteProduct, FavoriteRestaurant };
