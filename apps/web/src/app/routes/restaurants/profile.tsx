import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { setRestaurantFavoritesCount } from '@/features/restaurants/api/get-restaurant';
import { RestaurantProfile } from '@/features/restaurants/components/restaurant-profile';
import { useAuth } from '@/app/session';
import { useSignInHref } from '@/app/routes/use-sign-in-href';
import { useTableLinkCard } from '@/app/routes/table-link';
import { useTrackView } from '@/lib/analytics/track';

export function Component() {
  const { restaurantId = '' } = useParams();
  const hasSession = useAuth() !== null;
  const signInHref = useSignInHref();
  const queryClient = useQueryClient();
  const tableLink = useTableLinkCard(restaurantId);
  useTrackView('restaurant', restaurantId);
  return (
    <RestaurantProfile
      key={restaurantId}
      restaurantId={restaurantId}
      tableLink={tableLink}
      favoriteToggle={
        <FavoriteToggle
          type="restaurants"
          id={restaurantId}
          hasSession={hasSession}
          signInHref={signInHref}
          onChange={(state) => setRestaurantFavoritesCount(queryClient, restaurantId, state.favoritesCount)}
        />
      }
    />
  );
}
