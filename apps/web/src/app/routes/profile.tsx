import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearGuestProfile } from '@/features/auth/guest-profile';
import { ProfileView } from '@/features/profile/components/profile-view';
import { href } from '@/config/paths';
import { invalidateSession } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { forgetPrivateReads } from '@/lib/offline-answers';
import { notify } from '@/lib/toast';
import { useAuth } from '@/app/session';

/**
 * `profile` (docs/product.md#screens-and-routes): the signed-in diner's or the guest's own page.
 * The guard ensures a session.
 */
export function Component() {
  const t = useT();
  useDocumentTitle(t('page.profile.title'));
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!auth) return null;
  // The server deleted the account and cleared the cookies: forget everything of it here too
  // (as signing out does), then go home, where the guard offers to sign in (docs/privacy.md).
  const afterDeletion = async () => {
    invalidateSession();
    clearGuestProfile();
    queryClient.clear();
    await forgetPrivateReads();
    notify('success', 'profile.delete.done');
    await navigate(href('home'), { replace: true });
  };
  return (
    <ProfileView
      // A different account (a guest who just signed in) starts from a fresh page.
      key={auth.user.id}
      userId={auth.user.id}
      guestName={auth.kind === 'guest' ? auth.guest.displayName : null}
      onAccountDeleted={() => void afterDeletion()}
    />
  );
}
