import { useParams } from 'react-router';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { ConfirmationPage } from '@/features/reservations/components/confirmation-page';

/** `restaurant.reservation.confirmation`. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  if (!restaurantId || !reservationId) return <MissingIds />;
  return <ConfirmationPage key={reservationId} reservationId={reservationId} />;
}
