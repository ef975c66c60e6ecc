import { useParams, useSearchParams } from 'react-router';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { ProductDetail } from '@/features/menu/components/product-detail';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { tableQueryFor } from '@/lib/visit-context';
import { useAuth } from '@/app/session';
import { useSignInHref } from '@/app/routes/use-sign-in-href';

export function Component() {
  const { restaurantId = '', productId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const restaurant = useRestaurant(restaurantId);
  const hasSession = useAuth() !== null;
  const signInHref = useSignInHref();
  return (
    <ProductDetail
      key={`${restaurantId}/${productId}`}
      restaurantId={restaurantId}
      productId={productId}
      restaurant={restaurant.data ? { name: restaurant.data.name, country: restaurant.data.country } : null}
      isRestaurantError={restaurant.isError}
      onRetryRestaurant={() => void restaurant.refetch()}
      query={tableQueryFor(restaurantId, searchParams)}
      favoriteToggle={
        <FavoriteToggle type="products" id={productId} hasSession={hasSession} signInHref={signInHref} />
      }
    />
  );
}
