import { useParams } from 'react-router';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { SharePage } from '@/features/reservations/components/share-page';
import { useAuth } from '@/app/session';

/** `restaurant.reservation.share`. The guard ensures a session. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const auth = useAuth();
  if (!auth) return null;
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <SharePage
      key={reservationId}
      reservationId={reservationId}
      userId={auth.user.id}
      canListCompanions={auth.kind === 'user'}
    />
  );
}
