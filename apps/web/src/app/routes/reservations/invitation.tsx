import { useParams } from 'react-router';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { InvitationPage } from '@/features/reservations/components/invitation-page';
import { useAuth } from '@/app/session';
import { useSignInHref } from '@/app/routes/use-sign-in-href';

/** `restaurant.reservation.invitation` (public). */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const auth = useAuth();
  const signInHref = useSignInHref();
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <InvitationPage
      key={`${reservationId}:${auth?.user.id ?? ''}`}
      reservationId={reservationId}
      viewerId={auth?.user.id ?? null}
      signInHref={signInHref}
    />
  );
}
