import type { FavoriteIds, FavoriteState, FavoriteType } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiErrorCode, apiRequest, isApiError } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { reportAnError } from '@/lib/report-error';
import { notify } from '@/lib/toast';
import { favoriteIdsKey } from './get-favorite-ids';
import { favoriteListsKey } from './list-favorites';

export const FAVORITE_SAVE_ERROR = 'Error al guardar favorito';
/**
 * Adding a favourite fails when the user does not exist (docs/product.md#favourite-rules). The
 * server answers 401 UNAUTHENTICATED both without a valid session and when the session's user row
 * is gone (the account was deleted while the session was still open).
 */
export const USER_NOT_FOUND = 'El usuario no existe';
const SESSION_GONE: ApiErrorCode = 'UNAUTHENTICATED';

export interface SetFavoriteInput {
  type: FavoriteType;
  id: string;
  isFavorite: boolean;
}

/** `PUT` (add) or `DELETE` (remove) `/api/me/favorites/:type/:id`; idempotent, answers the new state. */
export function setFavorite({ type, id, isFavorite }: SetFavoriteInput): Promise<FavoriteState> {
  return apiRequest<FavoriteState>(`/api/me/favorites/${type}/${encodeURIComponent(id)}`, {
    method: isFavorite ? 'PUT' : 'DELETE',
  });
}

const SET_FAVORITE_KEY = ['favorites', 'set'] as const;

const idsKeyOf = (type: FavoriteType) => (type === 'restaurants' ? 'restaurantIds' : 'productIds');

function withFavorite(ids: FavoriteIds, { type, id, isFavorite }: SetFavoriteInput): FavoriteIds {
  const key = idsKeyOf(type);
  const others = ids[key].filter((existing) => existing !== id);
  return { ...ids, [key]: isFavorite ? [id, ...others] : others };
}

/**
 * Marks or unmarks a favourite. The heart changes at once (optimistic) and goes back with a
 * translated message if the server refuses. Lists are marked stale, not refetched, so an item
 * unmarked on the favourites page stays in place until the page is opened again.
 */
export function useSetFavorite({
  onSuccess,
}: { onSuccess?: (input: SetFavoriteInput, state: FavoriteState) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SET_FAVORITE_KEY,
    mutationFn: setFavorite,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: favoriteIdsKey });
      const previous = queryClient.getQueryData<FavoriteIds>(favoriteIdsKey);
      if (previous) queryClient.setQueryData(favoriteIdsKey, withFavorite(previous, input));
      return { previous };
    },
    onError: (error, _input, context) => {
      const isSessionGone = isApiError(error) && error.code === SESSION_GONE;
      logFailure(isSessionGone ? USER_NOT_FOUND : FAVORITE_SAVE_ERROR, error);
      if (isSessionGone) reportAnError('user_not_found', USER_NOT_FOUND, error);
      if (context?.previous) queryClient.setQueryData(favoriteIdsKey, context.previous);
      notify('error', isSessionGone ? 'favorites.error.session' : 'favorites.error.save');
    },
    onSuccess: (state, input) => {
      const current = queryClient.getQueryData<FavoriteIds>(favoriteIdsKey);
      // With a later click still on its way, its optimistic state is the one to keep.
      const isLatest = queryClient.isMutating({ mutationKey: SET_FAVORITE_KEY }) <= 1;
      if (current && isLatest) {
        queryClient.setQueryData(
          favoriteIdsKey,
          withFavorite(current, { ...input, isFavorite: state.isFavorite }),
        );
      }
      void queryClient.invalidateQueries({ queryKey: favoriteListsKey, refetchType: 'none' });
      onSuccess?.(input, state);
    },
  });
}
