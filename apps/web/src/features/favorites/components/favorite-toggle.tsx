import type { FavoriteState, FavoriteType } from '@comensal/contracts';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { IconHeart } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';
import { useFavoriteIds } from '@/features/favorites/api/get-favorite-ids';
import { useSetFavorite } from '@/features/favorites/api/set-favorite';

export interface FavoriteToggleProps {
  type: FavoriteType;
  id: string;
  /** A signed-in user or a guest; anonymous visitors get a link to sign in instead. */
  hasSession: boolean;
  /** The auth page, with the way back to this page. */
  signInHref: string;
  /** The server's state after a change (e.g. to update a favourites count on screen). */
  onChange?: (state: FavoriteState) => void;
}

/**
 * Marks a restaurant or dish as a favourite. Favourites need a session: without one it is a
 * link to the auth page that comes back here.
 */
export function FavoriteToggle({ type, id, hasSession, signInHref, onChange }: FavoriteToggleProps) {
  const t = useT();
  const ids = useFavoriteIds(hasSession);
  const setFavorite = useSetFavorite({ onSuccess: (_input, state) => onChange?.(state) });

  if (!hasSession) {
    return (
      <Link to={signInHref} className={buttonClasses({ variant: 'secondary' })}>
        <IconHeart size={18} />
        {t('favorites.add')}
      </Link>
    );
  }

  const list = type === 'restaurants' ? ids.data?.restaurantIds : ids.data?.productIds;
  const isFavorite = list?.includes(id) ?? false;
  // until the diner's favourites are known the state shown is a guess: say so, and wait
  const loading = ids.isPending && ids.isFetching;
  return (
    <Button
      variant={isFavorite ? 'primary' : 'secondary'}
      disabled={loading}
      aria-busy={loading || undefined}
      onClick={() => setFavorite.mutate({ type, id, isFavorite: !isFavorite })}
    >
      <IconHeart size={18} fill={isFavorite ? 'currentColor' : 'none'} />
      {isFavorite ? t('favorites.remove') : t('favorites.add')}
    </Button>
  );
}
