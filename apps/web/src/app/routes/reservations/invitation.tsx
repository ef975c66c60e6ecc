import { useParams, useSearchParams } from 'react-router';
import { signInAsGuest } from '@/features/auth/api/sign-in-as-guest';
import { authErrorMessageId } from '@/features/auth/auth-errors';
import { MissingIds } from '@/features/reservations/components/missing-ids';
import { InvitationPage } from '@/features/reservations/components/invitation-page';
import { SHARE_KEY_PARAM } from '@/features/reservations/api/share-link';
import { notify } from '@/lib/toast';
import { useAuth } from '@/app/session';
import { useSignInHref } from '@/app/routes/use-sign-in-href';

/** A guest session for whoever joins with a share link as a guest. */
async function continueAsGuest(): Promise<boolean> {
  const result = await signInAsGuest();
  if (!result.ok) notify('error', authErrorMessageId(result.code));
  return result.ok;
}

/** `restaurant.reservation.invitation` (public); `?key=` carries the share link's key. */
export function Component() {
  const { restaurantId = '', reservationId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const auth = useAuth();
  const signInHref = useSignInHref();
  if (!restaurantId || !reservationId) return <MissingIds />;
  return (
    <InvitationPage
      key={`${reservationId}:${auth?.user.id ?? ''}`}
      reservationId={reservationId}
      viewerId={auth?.user.id ?? null}
      signInHref={signInHref}
      shareKey={searchParams.get(SHARE_KEY_PARAM)}
      onContinueAsGuest={continueAsGuest}
    />
  );
}
