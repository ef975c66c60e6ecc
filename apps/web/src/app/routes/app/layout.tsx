import { Outlet } from 'react-router';
import { HydrateLater } from '@/lib/hydrate-later';
import { DEFAULT_CHROME, MainLayout } from '@/components/layouts/main-layout';
import { displayNameOf, photoOf } from '@/features/auth/api/get-auth-state';
import { useAuth } from '@/app/session';
import { VerifyEmailNotice } from '@/features/auth/components/verify-email-notice';
import { useLeafHandle } from '@/app/route-handle';
import { NewInvitationsDialog } from '@/features/invitations/components/new-invitations-dialog';
import { usePendingInvitations } from '@/features/invitations/use-pending-invitations';
import { OfflineNotice } from '@/components/pwa/offline-notice';
import { useStaffRestaurants } from '@/features/staff/api/list-staff-restaurants';

export function Component() {
  const auth = useAuth();
  const chrome = useLeafHandle()?.chrome ?? DEFAULT_CHROME;
  const account = auth
    ? { displayName: displayNameOf(auth), isGuest: auth.kind === 'guest', photoURL: photoOf(auth) }
    : null;
  // Signed-in users who work at a restaurant get a link to its console (one cached call).
  const staff = useStaffRestaurants(auth?.kind === 'user' ? auth.user.id : null);
  const worksSomewhere = (staff.data?.items.length ?? 0) > 0;
  const unverified = auth?.kind === 'user' && auth.user.emailVerified !== true ? auth.user.email : null;
  // invitations reach accounts only (never a guest): noticed on every page of the layout
  const pendingInvitations = usePendingInvitations(auth?.kind === 'user');
  return (
    <MainLayout
      chrome={chrome}
      account={account}
      pendingInvitations={pendingInvitations}
      hasStaffLink={worksSomewhere}
    >
      <OfflineNotice />
      <NewInvitationsDialog key={auth?.user.id ?? ''} pending={pendingInvitations} />
      {unverified ? <VerifyEmailNotice email={unverified} /> : null}
      {/* a server-written page: its content is taken over in a task after the frame's */}
      <HydrateLater>
        <Outlet />
      </HydrateLater>
    </MainLayout>
  );
}
