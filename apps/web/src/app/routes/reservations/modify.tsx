import { useParams } from 'react-router';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { ModifyReservationPage } from '@/features/reservations/components/modify-reservation-page';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useAuth } from '@/app/session';

/** `restaurant.reservation.modify`. The guard ensures a session. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const auth = useAuth();
  if (!auth) return null;
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <ModifyReservation
      key={reservationId}
      restaurantId={restaurantId}
      reservationId={reservationId}
      userId={auth.user.id}
    />
  );
}

function ModifyReservation(props: { restaurantId: string; reservationId: string; userId: string }) {
  const restaurant = useRestaurant(props.restaurantId);
  return <ModifyReservationPage {...props} restaurant={restaurant} />;
}
