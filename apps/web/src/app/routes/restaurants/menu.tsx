import { useParams, useSearchParams } from 'react-router';
import { MenuView } from '@/features/menu/components/menu-view';
import { CartBar } from '@/features/orders/components/cart-bar';
import { OrderFor } from '@/features/orders/components/order-for';
import { QuickAdd } from '@/features/orders/components/quick-add';
import { OrderingProvider } from '@/features/orders/ordering';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { tableQueryFor } from '@/lib/visit-context';
import { useRestaurantOrdering } from '@/app/routes/use-ordering';

export function Component() {
  const t = useT();
  const { restaurantId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const restaurantName = useRestaurant(restaurantId).data?.name ?? null;
  const ordering = useRestaurantOrdering(restaurantId);
  useDocumentTitle(restaurantName ? t('menu.documentTitle', { name: restaurantName }) : t('menu.title'));
  const query = tableQueryFor(restaurantId, searchParams);
  return (
    <OrderingProvider value={ordering}>
      <MenuView
        key={restaurantId}
        restaurantId={restaurantId}
        restaurantName={restaurantName}
        query={query}
        banner={<OrderFor />}
        {...(ordering.reservation && {
          renderProductAction: (product) => <QuickAdd product={product} query={query} />,
        })}
      />
      <CartBar />
    </OrderingProvider>
  );
}
