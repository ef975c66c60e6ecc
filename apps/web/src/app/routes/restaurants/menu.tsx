import { useParams, useSearchParams } from 'react-router';
import { MenuView } from '@/features/menu/components/menu-view';
import { OrderingProvider } from '@/features/orders/ordering';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useTrackView } from '@/lib/analytics/track';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { tableQueryFor } from '@/lib/visit-context';
import {
  CartBar,
  OrderFor,
  QuickAdd,
  usePageOrdering,
  useRestaurantReservations,
} from '@/app/routes/ordering';
import { useTableLinkCard } from '@/app/routes/table-link';

export function Component() {
  const t = useT();
  const { restaurantId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const restaurantName = useRestaurant(restaurantId).data?.name ?? null;
  const [ordering, orderingState] = usePageOrdering(useRestaurantReservations(restaurantId));
  useDocumentTitle(restaurantName ? t('menu.documentTitle', { name: restaurantName }) : t('menu.title'));
  const query = tableQueryFor(restaurantId, searchParams);
  const tableLink = useTableLinkCard(restaurantId);
  useTrackView('menu', restaurantId);
  const banner =
    tableLink || ordering ? (
      <>
        {tableLink}
        {ordering ? <OrderFor /> : null}
      </>
    ) : undefined;
  return (
    <OrderingProvider value={ordering}>
      {orderingState}
      <MenuView
        key={restaurantId}
        restaurantId={restaurantId}
        restaurantName={restaurantName}
        query={query}
        banner={banner}
        {...(ordering && {
          renderProductAction: (product) => <QuickAdd product={product} query={query} />,
        })}
      />
      {ordering ? <CartBar /> : null}
    </OrderingProvider>
  );
}
