import { useParams } from 'react-router';
import { useT } from '@/lib/i18n';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { useLiveReservation } from '@/features/reservations/use-live-reservation';
import { BillPage } from '@/features/payments/components/bill-page';
import { useAuth } from '@/app/session';
import { ReservationScreen } from './reservation-screen';

/** `restaurant.reservation.confirmation`: the table's bill. The guard ensures a session. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const auth = useAuth();
  const t = useT();
  useLiveReservation(reservationId, Boolean(reservationId));
  if (!auth) return null;
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <ReservationScreen
      key={reservationId}
      reservationId={reservationId}
      title={t('page.restaurant.reservation.confirmation.title')}
    >
      {(reservation) => <BillPage reservation={reservation} userId={auth.user.id} />}
    </ReservationScreen>
  );
}
