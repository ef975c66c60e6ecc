import { useParams } from 'react-router';
import { useT } from '@/lib/i18n';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { ReceiptPage } from '@/features/payments/components/receipt-page';
import { ReservationScreen } from './reservation-screen';

/** `restaurant.reservation.receipt`: one payment's printable receipt. */
export function Component() {
  const { restaurantId = '', reservationId = '', transactionId = '' } = useParams();
  const t = useT();
  if (!restaurantId || !reservationId || !transactionId) return <MissingIds />;
  return (
    <ReservationScreen
      key={transactionId}
      reservationId={reservationId}
      title={t('page.restaurant.reservation.receipt.title')}
    >
      {(reservation) => <ReceiptPage reservation={reservation} transactionId={transactionId} />}
    </ReservationScreen>
  );
}
