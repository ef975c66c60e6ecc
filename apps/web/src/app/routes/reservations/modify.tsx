import { useParams } from 'react-router';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { ModifyReservationPage } from '@/features/reservations/components/modify-reservation-page';
import { useAuth } from '@/app/session';

/** `restaurant.reservation.modify`. The guard ensures a session. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const auth = useAuth();
  if (!auth) return null;
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <ModifyReservationPage
      key={reservationId}
      restaurantId={restaurantId}
      reservationId={reservationId}
      userId={auth.user.id}
    />
  );
}
