import { useMemo } from 'react';
import { useParams } from 'react-router';
import { TableOrderPage } from '@/features/orders/components/table-order-page';
import { OrderingProvider } from '@/features/orders/ordering';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { LoadError } from '@/features/reservations/components/load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { OrdersReadyBanner } from '@/features/reservations/components/orders-ready-banner';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { ReservationFrame } from '@/features/reservations/components/reservation-frame';
import { useLiveReservation } from '@/features/reservations/use-live-reservation';
import { useT } from '@/lib/i18n';
import { useAuth } from '@/app/session';
import { CartBar, usePageOrdering } from '@/app/routes/ordering';
import { useJoinRequests } from '@/features/table-join/api/table-link';
import { JoinRequestsPanel } from '@/features/table-join/components/join-requests-panel';

const noChoice = () => undefined;

function OrderRoute({
  restaurantId,
  reservationId,
  userId,
}: {
  restaurantId: string;
  reservationId: string;
  userId: string;
}) {
  const t = useT();
  const reservation = useReservation(reservationId);
  useLiveReservation(reservationId, reservation.isSuccess);
  // Orders go to this reservation while it takes them (not cancelled, not over).
  const target = reservation.data?.isCurrent ? reservation.data : null;
  // Asked for with the orders, and its panel is part of this route's code (not loaded apart):
  // the orders wait for it, so the panel never arrives above them and pushes them down.
  const joinRequests = useJoinRequests(reservationId, target !== null);
  const reservations = useMemo(() => (target ? [target] : []), [target]);
  const [ordering, orderingState] = usePageOrdering(
    { restaurantId, reservations, reservation: target, chooseReservation: noChoice },
    { wantsProducts: true },
  );
  if (!reservation.data) {
    return (
      <ReservationFrame title={t('page.restaurant.reservation.order.title')}>
        {reservation.isError ? (
          <LoadError
            error={reservation.error}
            onRetry={() => void reservation.refetch()}
            isRetrying={reservation.isFetching}
          />
        ) : (
          <LoadingBlock />
        )}
      </ReservationFrame>
    );
  }
  return (
    <OrderingProvider value={ordering}>
      {orderingState}
      <TableOrderPage
        reservation={reservation.data}
        userId={userId}
        joinRequests={target ? <JoinRequestsPanel reservationId={reservationId} /> : null}
        isLoadingAbove={target !== null && joinRequests.isPending}
        notices={<OrdersReadyBanner reservation={reservation.data} />}
      />
      <CartBar />
    </OrderingProvider>
  );
}

/** `restaurant.reservation.order`: the table's shared order (pickup and delivery reservations too). The guard ensures a session. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const auth = useAuth();
  if (!auth) return null;
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <OrderRoute
      key={reservationId}
      restaurantId={restaurantId}
      reservationId={reservationId}
      userId={auth.user.id}
    />
  );
}
