import { useParams } from 'react-router';
import { useT } from '@/lib/i18n';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { WebpayResultPage } from '@/features/payments/components/webpay-result-page';
import { ReservationScreen } from './reservation-screen';

/** `restaurant.reservation.successful`: where Webpay sends the diner back. */
export function Component() {
  const { restaurantId = '', reservationId = '', token_ws: token = '' } = useParams();
  const t = useT();
  if (!restaurantId || !reservationId || !token) return <MissingIds />;
  return (
    <ReservationScreen
      key={token}
      reservationId={reservationId}
      title={t('page.restaurant.reservation.successful.title')}
    >
      {(reservation) => <WebpayResultPage reservation={reservation} token={token} />}
    </ReservationScreen>
  );
}
