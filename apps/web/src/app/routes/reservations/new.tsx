import { Navigate, useParams, useSearchParams } from 'react-router';
import { NewReservationPage } from '@/features/reservations/components/new-reservation-page';
import { href } from '@/config/paths';
import { tableQueryFor } from '@/lib/visit-context';

/**
 * `restaurant.reservation`: without a reservation id, the reservation form; with one (the
 * optional `:reservationId?` of the pattern), that reservation's summary.
 */
export function Component() {
  const { restaurantId = '', reservationId } = useParams();
  const [search] = useSearchParams();
  if (reservationId) {
    return <Navigate replace to={href('restaurant.reservation.summary', { restaurantId, reservationId })} />;
  }
  const { table = null, room = null } = tableQueryFor(restaurantId, search);
  return <NewReservationPage key={restaurantId} restaurantId={restaurantId} table={table} room={room} />;
}
