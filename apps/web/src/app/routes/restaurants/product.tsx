import { useParams, useSearchParams } from 'react-router';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { useProduct } from '@/features/menu/api/get-product';
import { ProductDetail } from '@/features/menu/components/product-detail';
import { OrderingNote } from '@/features/orders/components/ordering-note';
import { OrderingProvider } from '@/features/orders/ordering';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useLocalized } from '@/lib/i18n';
import { tableQueryFor } from '@/lib/visit-context';
import { useAuth } from '@/app/session';
import { CartBar, OrderFor, usePageOrdering, useRestaurantReservations } from '@/app/routes/ordering';
import { useSignInHref } from '@/app/routes/use-sign-in-href';

export function Component() {
  const { restaurantId = '', productId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const localized = useLocalized();
  const restaurant = useRestaurant(restaurantId);
  const product = useProduct(restaurantId, productId);
  const hasSession = useAuth() !== null;
  const signInHref = useSignInHref();
  const reservations = useRestaurantReservations(restaurantId);
  const [ordering, orderingState] = usePageOrdering(reservations, {
    wantsPoints: product.data !== undefined && product.data.pointsPrice !== null,
  });
  const name = product.data ? localized(product.data.name) : '';
  return (
    <OrderingProvider value={ordering}>
      {orderingState}
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
        {...(ordering && { onAdd: (line) => ordering.addToCart(line, name) })}
        orderPanel={<OrderFor />}
        orderingNote={
          <OrderingNote
            restaurantId={restaurantId}
            // Known to have a reservation here, its ordering still loading.
            isLoading={reservations.isLoading || reservations.reservation !== null}
          />
        }
        pointsBalance={ordering?.pointsBalance ?? null}
      />
      {ordering ? <CartBar /> : null}
    </OrderingProvider>
  );
}
