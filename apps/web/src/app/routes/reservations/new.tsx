import { Navigate, useParams, useSearchParams } from 'react-router';
import { NewReservationPage } from '@/features/reservations/components/new-reservation-page';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { href } from '@/config/paths';
import { tableQueryFor } from '@/lib/visit-context';

/**
 * `restaurant.reservation`: without a reservation id, the reservation form; with one (the
 * optional `:reservationId?` of the pattern), that reservation's summary.
 */
export function Component() {
  const { restaurantId = '', reservationId } = useParams();
  if (reservationId) {
    return <Navigate replace to={href('restaurant.reservation.summary', { restaurantId, reservationId })} />;
  }
  return <NewReservation key={restaurantId} restaurantId={restaurantId} />;
}

function NewReservation({ restaurantId }: { restaurantId: string }) {
  const [search] = useSearchParams();
  const restaurant = useRestaurant(restaurantId);
  const { table = null, room = null } = tableQueryFor(restaurantId, search);
  return <NewReservationPage restaurantId={restaurantId} restaurant={restaurant} table={table} room={room} />;
}
