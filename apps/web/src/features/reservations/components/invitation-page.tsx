import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useAnswerInvitation } from '@/lib/answer-invitation';
import { fileUrl } from '@/lib/api-client';
import { fullAddress } from '@/lib/format';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useInvitationSummary } from '@/features/reservations/api/get-invitation-summary';
import { reservationErrorMessage } from '@/features/reservations/reservation-errors';
import { ReservationDetails } from './reservation-details';
import { LoadError } from './load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { ReservationFrame } from './reservation-frame';

/**
 * `restaurant.reservation.invitation` (public): what the link invites to; signed-in invitees
 * answer here, anyone else is sent to sign in (or continue as a guest) and comes back.
 */
export function InvitationPage({
  reservationId,
  viewerId,
  signInHref,
}: {
  reservationId: string;
  /** The signed-in user (or guest), null for anonymous visitors. */
  viewerId: string | null;
  signInHref: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const hasSession = viewerId !== null;
  const query = useInvitationSummary(reservationId, viewerId ?? '');
  const answer = useAnswerInvitation({
    onError: (error) => notify('error', reservationErrorMessage(error)),
    onSuccess: (invitation) => {
      if (invitation.accepted) {
        notify('success', 'reservation.invitation.accepted');
        void navigate(
          href('restaurant.reservation.summary', {
            restaurantId: invitation.restaurantId,
            reservationId: invitation.reservationId,
          }),
        );
      } else {
        notify('success', 'reservation.invitation.rejected');
      }
    },
  });

  if (query.isPending || query.isError) {
    return (
      <ReservationFrame title={t('page.restaurant.reservation.invitation.title')}>
        {query.isPending ? (
          <LoadingBlock />
        ) : (
          <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        )}
      </ReservationFrame>
    );
  }

  const summary = query.data;
  const viewer = hasSession ? summary.viewer : null;
  const summaryHref = href('restaurant.reservation.summary', {
    restaurantId: summary.restaurant.id,
    reservationId: summary.reservationId,
  });
  const pending = viewer?.invitation && viewer.invitation.accepted === null ? viewer.invitation : null;

  return (
    <ReservationFrame title={t('page.restaurant.reservation.invitation.title')}>
      <p className="flex items-center gap-3 text-lg font-semibold">
        <Avatar
          name={summary.inviter.displayName}
          src={summary.inviter.photoURL ? fileUrl(summary.inviter.photoURL) : null}
        />
        {t('reservation.invitation.from', { name: summary.inviter.displayName })}
      </p>
      <ReservationDetails
        restaurantName={summary.restaurant.name}
        address={fullAddress(summary.restaurant)}
        date={summary.date}
        startAt={summary.startAt}
        duration={summary.duration}
        quantity={summary.quantity}
        status={summary.status}
        kind={summary.kind}
      />
      {!summary.isCurrent ? (
        <p role="status" className="font-semibold">
          {t('reservation.invitation.closed')}
        </p>
      ) : !hasSession ? (
        <div className="flex flex-col gap-2">
          <Link to={signInHref} className={buttonClasses({ size: 'lg', block: true })}>
            {t('reservation.invitation.signIn')}
          </Link>
          <Link to={signInHref} className={buttonClasses({ variant: 'secondary', block: true })}>
            {t('reservation.invitation.guest')}
          </Link>
        </div>
      ) : viewer?.isMember ? (
        <div className="flex flex-col gap-2">
          <p role="status">{t('reservation.invitation.isMember')}</p>
          <Link to={summaryHref} className={buttonClasses()}>
            {t('reservation.action.summary')}
          </Link>
        </div>
      ) : pending ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="lg"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ invitationId: pending.id, accept: true })}
          >
            {t('reservation.invitation.accept')}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ invitationId: pending.id, accept: false })}
          >
            {t('reservation.invitation.reject')}
          </Button>
        </div>
      ) : viewer?.invitation?.accepted === false ? (
        <p role="status">{t('reservation.invitation.answeredNo')}</p>
      ) : (
        <p role="status">{t('reservation.invitation.notForYou')}</p>
      )}
    </ReservationFrame>
  );
}
