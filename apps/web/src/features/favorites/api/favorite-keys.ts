import type { FavoriteType } from '@comensal/contracts';

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: () => ['favorites', 'ids'] as const,
  lists: () => ['favorites', 'list'] as const,
  list: (type: FavoriteType) => ['favorites', 'list', type] as const,
};
