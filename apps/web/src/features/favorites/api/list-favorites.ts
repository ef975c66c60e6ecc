import type { FavoriteList, FavoriteProduct, FavoriteRestaurant, FavoriteType } from '@comensal/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const FAVORITES_LOAD_ERROR = 'Error al cargar favoritos';

type ListOf<T extends FavoriteType> = Extract<FavoriteList, { type: T }>;

/** Both lists (restaurants and dishes): a toggle marks them stale. */
export const favoriteListsKey = ['favorites', 'list'] as const;
export const favoriteListKey = (type: FavoriteType) => [...favoriteListsKey, type] as const;

/** `GET /api/me/favorites?type=…`: the diner's favourites, newest first, page by page. */
export function listFavorites<T extends FavoriteType>(
  type: T,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListOf<T>> {
  return apiRequest<ListOf<T>>('/api/me/favorites', {
    query: { type, cursor },
    signal,
    logAs: FAVORITES_LOAD_ERROR,
  });
}

export function listFavoritesQueryOptions<T extends FavoriteType>(type: T) {
  return infiniteQueryOptions({
    queryKey: favoriteListKey(type),
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
