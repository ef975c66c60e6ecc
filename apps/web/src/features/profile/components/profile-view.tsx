import { ErrorState } from '@/components/errors/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { SignOutLink } from '@/components/layouts/sign-out-link';
import { useMe } from '@/features/profile/api/get-me';
import { useRefreshSession } from '@/features/profile/use-refresh-session';
import { GuestCard } from './guest-card';
import { MyDataCard } from './my-data-card';
import { PointsList } from './points-list';
import { ProfileDetailsForm } from './profile-details-form';
import { ProfileLanguage } from './profile-language';
import { ProfilePhoto } from './profile-photo';

function ProfileSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p className="sr-only">{t('profile.loading')}</p>
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}

export interface ProfileViewProps {
  /** The session's account id. */
  userId: string;
  /** The guest's name ("Invitado N") when the session is a guest's, else null. */
  guestName: string | null;
  /** After the account was deleted: the app forgets the session and leaves the page. */
  onAccountDeleted: () => void;
}

/**
 * The profile page: picture, name and phone (a guest sees their guest name and how to keep their
 * data instead), language, points per restaurant, their data (download, delete), and sign-out.
 */
export function ProfileView({ userId, guestName, onAccountDeleted }: ProfileViewProps) {
  const t = useT();
  const query = useMe(userId);
  const refreshSession = useRefreshSession();
  const isGuest = guestName !== null;

  let body;
  if (query.isPending) {
    body = <ProfileSkeleton />;
  } else if (query.isError) {
    body = (
      <ErrorState
        title={t('profile.error.load')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else {
    const me = query.data;
    body = (
      <>
        {isGuest ? (
          <GuestCard guestName={guestName} />
        ) : (
          <>
            <ProfilePhoto me={me} onChanged={refreshSession} />
            <ProfileDetailsForm me={me} onSaved={refreshSession} />
          </>
        )}
        <ProfileLanguage me={me} />
        <PointsList points={me.points} />
        <MyDataCard email={me.email} onDeleted={onAccountDeleted} />
      </>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">{t('page.profile.title')}</h1>
      {body}
      <div className="flex flex-col gap-2">
        <SignOutLink
          isGuest={isGuest}
          label={t('profile.signOut')}
          style={{ variant: 'secondary', size: 'lg' }}
          returnTo={href('profile')}
        />
        {isGuest ? <p className="text-sm text-ink-muted">{t('profile.signOut.guestHint')}</p> : null}
      </div>
    </section>
  );
}
