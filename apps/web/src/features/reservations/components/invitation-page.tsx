import type { Reservation } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useAnswerInvitation } from '@/lib/answer-invitation';
import { fileUrl } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { fullAddress } from '@/lib/format';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useInvitationSummary } from '@/features/reservations/api/get-invitation-summary';
import { joinByShareLink } from '@/features/reservations/api/share-link';
import { reservationErrorMessage } from '@/features/reservations/reservation-errors';
import { ReservationDetails } from './reservation-details';
import { LoadError } from './load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { ReservationFrame } from './reservation-frame';

/**
 * `restaurant.reservation.invitation` (public): what the link invites to; signed-in invitees
 * answer here, anyone else is sent to sign in (or continue as a guest) and comes back. With the
 * creator's share link (`shareKey`), whoever holds it joins — signed in, or at once as a guest
 * (docs/product.md#share-link).
 */
export function InvitationPage({
  reservationId,
  viewerId,
  signInHref,
  shareKey = null,
  onContinueAsGuest,
}: {
  reservationId: string;
  /** The signed-in user (or guest), null for anonymous visitors. */
  viewerId: string | null;
  signInHref: string;
  /** The share link's key, from the address; null for an e-mail invitation's link. */
  shareKey?: string | null;
  /** Starts a guest session; false when it failed (the caller said why). */
  onContinueAsGuest?: () => Promise<boolean>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasSession = viewerId !== null;
  const query = useInvitationSummary(reservationId, viewerId ?? '', shareKey);
  const join = useMutation({
    mutationFn: async ({ asGuest, key }: { asGuest: boolean; key: string }): Promise<Reservation | null> => {
      if (asGuest && !(await onContinueAsGuest?.())) return null;
      return joinByShareLink(reservationId, shareKey ?? '', key);
    },
    retry: retryUnanswered,
    onError: (error) => {
      notify('error', reservationErrorMessage(error));
      void query.refetch();
    },
    onSuccess: (reservation) => {
      if (!reservation) return;
      void queryClient.invalidateQueries({ queryKey: [queryRoots.reservations] });
      notify('success', 'reservation.invitation.accepted');
      void navigate(
        href('restaurant.reservation.summary', {
          restaurantId: reservation.restaurantId,
          reservationId: reservation.id,
        }),
      );
    },
  });
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

  const signInLinks = (
    <div className="flex flex-col gap-2">
      <Link to={signInHref} className={buttonClasses({ size: 'lg', block: true })}>
        {t('reservation.invitation.signIn')}
      </Link>
      <Link to={signInHref} className={buttonClasses({ variant: 'secondary', block: true })}>
        {t('reservation.invitation.guest')}
      </Link>
    </div>
  );

  /** What the visitor can do here, first match wins. */
  const action = () => {
    if (!summary.isCurrent) {
      return (
        <p role="status" className="font-semibold">
          {t('reservation.invitation.closed')}
        </p>
      );
    }
    if (viewer?.isMember) {
      return (
        <div className="flex flex-col gap-2">
          <p role="status">{t('reservation.invitation.isMember')}</p>
          <Link to={summaryHref} className={buttonClasses()}>
            {t('reservation.action.summary')}
          </Link>
        </div>
      );
    }
    if (pending) {
      return (
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
      );
    }
    if (summary.shareLink === 'open') {
      return hasSession ? (
        <Button
          size="lg"
          disabled={join.isPending}
          onClick={() => join.mutate({ asGuest: false, key: newIdempotencyKey() })}
        >
          {t('reservation.shareLink.join')}
        </Button>
      ) : (
        <div className="flex flex-col gap-2">
          <Button
            size="lg"
            block
            disabled={join.isPending}
            onClick={() => join.mutate({ asGuest: true, key: newIdempotencyKey() })}
          >
            {t('reservation.shareLink.joinAsGuest')}
          </Button>
          <Link to={signInHref} className={buttonClasses({ variant: 'secondary', block: true })}>
            {t('reservation.shareLink.signIn')}
          </Link>
        </div>
      );
    }
    if (summary.shareLink !== null) {
      // the link lets nobody in now; someone invited by e-mail still answers after signing in
      return (
        <div className="flex flex-col gap-3">
          <p role="status" className="font-semibold">
            {summary.shareLink === 'off'
              ? t('reservation.shareLink.offNotice', { name: summary.inviter.displayName })
              : t('reservation.shareLink.fullNotice', { quantity: summary.quantity })}
          </p>
          {hasSession ? null : signInLinks}
        </div>
      );
    }
    if (!hasSession) return signInLinks;
    if (viewer?.invitation?.accepted === false) {
      return <p role="status">{t('reservation.invitation.answeredNo')}</p>;
    }
    return <p role="status">{t('reservation.invitation.notForYou')}</p>;
  };

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
      {action()}
    </ReservationFrame>
  );
}
