import { type LoaderFunctionArgs, redirect, useParams, useSearchParams } from 'react-router';
import { NewReservationPage } from '@/features/reservations/components/new-reservation-page';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { href } from '@/config/paths';
import { tableQueryFor } from '@/lib/visit-context';

/**
 * `restaurant.reservation` with a reservation id (the optional `:reservationId?` of the pattern):
 * that reservation's summary, before anything is drawn (the server, which writes the form's page,
 * then writes nothing for it).
 */
export function loader({ params }: LoaderFunctionArgs): null {
  const { restaurantId = '', reservationId } = params;
  if (reservationId) throw redirect(href('restaurant.reservation.summary', { restaurantId, reservationId }));
  return null;
}

/** `restaurant.reservation` without a reservation id: the reservation form. */
export function Component() {
  const { restaurantId = '' } = useParams();
  return <NewReservation key={restaurantId} restaurantId={restaurantId} />;
}

function NewReservation({ restaurantId }: { restaurantId: string }) {
  const [search] = useSearchParams();
  const restaurant = useRestaurant(restaurantId);
  const { table = null, room = null } = tableQueryFor(restaurantId, search);
  return <NewReservationPage restaurantId={restaurantId} restaurant={restaurant} table={table} room={room} />;
}
