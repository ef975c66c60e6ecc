import { useParams, useSearchParams } from 'react-router';
import { BOOKED_FLAG } from '@/features/reservations/components/booked-notice';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { ReservationSummaryPage } from '@/features/reservations/components/reservation-summary-page';
import { useAuth } from '@/app/session';
import { JoinRequests } from '@/app/routes/table-link';

/** `restaurant.reservation.summary`. The guard ensures a session. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const [search] = useSearchParams();
  const auth = useAuth();
  if (!auth) return null;
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <ReservationSummaryPage
      key={reservationId}
      reservationId={reservationId}
      userId={auth.user.id}
      joinRequests={<JoinRequests reservationId={reservationId} />}
      justBooked={search.has(BOOKED_FLAG)}
    />
  );
}
