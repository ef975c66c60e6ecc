import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { detailsOf, ReservationDetails } from './reservation-details';
import { LoadError } from './load-error';
import { LoadingBlock } from './loading-block';
import { ReservationFrame } from './reservation-frame';

/** `restaurant.reservation.confirmation`: "your table is booked", right after creating it. */
export function ConfirmationPage({ reservationId }: { reservationId: string }) {
  const t = useT();
  const query = useReservation(reservationId);
  const title =
    query.data && query.data.kind !== 'table'
      ? t('reservation.confirmation.pickupTitle')
      : t('reservation.confirmation.title');
  return (
    <ReservationFrame title={title}>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <>
          <ReservationDetails {...detailsOf(query.data)} />
          <p className="text-lg">{t('reservation.confirmation.text')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link
              to={href('restaurant.reservation.share', {
                restaurantId: query.data.restaurantId,
                reservationId: query.data.id,
              })}
              className={buttonClasses({ size: 'lg' })}
            >
              {t('reservation.action.invite')}
            </Link>
            <Link
              to={href('restaurant.reservation.summary', {
                restaurantId: query.data.restaurantId,
                reservationId: query.data.id,
              })}
              className={buttonClasses({ size: 'lg', variant: 'secondary' })}
            >
              {t('reservation.action.summary')}
            </Link>
          </div>
        </>
      )}
    </ReservationFrame>
  );
}
