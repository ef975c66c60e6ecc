import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { useLiveReservation } from '@/features/reservations/use-live-reservation';
import { detailsOf, ReservationDetails } from './reservation-details';
import { LoadError } from './load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { ReservationFrame } from './reservation-frame';
import { BookedNotice } from './booked-notice';
import { MemberList } from './member-list';
import { OrdersReadyBanner } from './orders-ready-banner';
import { PendingInvitations } from './pending-invitations';
import { ReservationActions } from './reservation-actions';

/** `restaurant.reservation.summary`: the reservation, its members and what the viewer may do. */
export function ReservationSummaryPage({
  reservationId,
  userId,
  joinRequests,
  justBooked = false,
}: {
  reservationId: string;
  userId: string;
  /** The diners asking to join from the table's QR link (composed by the route). */
  joinRequests?: ReactNode;
  /** Right after booking: say so, and invite friends along. */
  justBooked?: boolean;
}) {
  const t = useT();
  const query = useReservation(reservationId);
  useLiveReservation(reservationId, query.isSuccess);
  return (
    <ReservationFrame title={t('page.restaurant.reservation.summary.title')}>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <>
          {justBooked && query.data.status !== 'cancelled' ? <BookedNotice reservation={query.data} /> : null}
          <OrdersReadyBanner reservation={query.data} />
          {query.data.status === 'cancelled' ? (
            <p role="status" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold">
              {t('reservation.isCancelled')}
            </p>
          ) : null}
          {query.data.isCurrent ? joinRequests : null}
          <ReservationDetails {...detailsOf(query.data)} />
          <Link
            to={href('restaurant.reservation.order', {
              restaurantId: query.data.restaurantId,
              reservationId: query.data.id,
            })}
            className={`${buttonClasses({ size: 'lg' })} self-start`}
          >
            {t('reservation.action.order')}
          </Link>
          <ReservationActions reservation={query.data} userId={userId} />
          <MemberList reservation={query.data} />
          {query.data.createdBy === userId && query.data.isCurrent ? (
            <PendingInvitations reservationId={query.data.id} />
          ) : null}
          {query.data.status !== 'cancelled' ? (
            <Link
              to={href('restaurant.reservation.confirmation', {
                restaurantId: query.data.restaurantId,
                reservationId: query.data.id,
              })}
              className={`${buttonClasses({ variant: 'secondary', size: 'lg' })} self-start`}
            >
              {t('reservation.action.bill')}
            </Link>
          ) : null}
        </>
      )}
    </ReservationFrame>
  );
}
