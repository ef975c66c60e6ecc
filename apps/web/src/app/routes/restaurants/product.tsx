import { useParams, useSearchParams } from 'react-router';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { useProduct } from '@/features/menu/api/get-product';
import { ProductDetail } from '@/features/menu/components/product-detail';
import { addToCartAndSay } from '@/features/orders/cart-store';
import { CartBar } from '@/features/orders/components/cart-bar';
import { OrderFor } from '@/features/orders/components/order-for';
import { OrderingNote } from '@/features/orders/components/ordering-note';
import { OrderingProvider } from '@/features/orders/ordering';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useLocalized } from '@/lib/i18n';
import { tableQueryFor } from '@/lib/visit-context';
import { useAuth } from '@/app/session';
import { useRestaurantOrdering } from '@/app/routes/use-ordering';
import { useSignInHref } from '@/app/routes/use-sign-in-href';

export function Component() {
  const { restaurantId = '', productId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const localized = useLocalized();
  const restaurant = useRestaurant(restaurantId);
  const product = useProduct(restaurantId, productId);
  const hasSession = useAuth() !== null;
  const signInHref = useSignInHref();
  const ordering = useRestaurantOrdering(restaurantId, {
    wantsPoints: product.data !== undefined && product.data.pointsPrice !== null,
  });
  const reservationId = ordering.reservation?.id ?? null;
  const name = product.data ? localized(product.data.name) : '';
  return (
    <OrderingProvider value={ordering}>
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
        {...(reservationId && { onAdd: (line) => addToCartAndSay(reservationId, line, name) })}
        orderPanel={<OrderFor />}
        orderingNote={<OrderingNote restaurantId={restaurantId} />}
        pointsBalance={ordering.pointsBalance}
      />
      <CartBar />
    </OrderingProvider>
  );
}
