import { ProfileView } from '@/features/profile/components/profile-view';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useAuth } from '@/app/session';

/**
 * `profile` (docs/product.md#screens-and-routes): the signed-in diner's or the guest's own page.
 * The guard ensures a session.
 */
export function Component() {
  const t = useT();
  useDocumentTitle(t('page.profile.title'));
  const auth = useAuth();
  if (!auth) return null;
  return (
    <ProfileView
      // A different account (a guest who just signed in) starts from a fresh page.
      key={auth.user.id}
      userId={auth.user.id}
      guestName={auth.kind === 'guest' ? auth.guest.displayName : null}
    />
  );
}
