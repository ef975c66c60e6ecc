import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { useLiveReservation } from '@/features/reservations/use-live-reservation';
import {
  renewShareLink,
  SHARE_KEY_PARAM,
  shareLinkKey,
  turnOffShareLink,
  useShareLink,
} from '@/features/reservations/api/share-link';
import { reservationErrorMessage } from '@/features/reservations/reservation-errors';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { LoadError } from './load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { ReservationFrame } from './reservation-frame';

/**
 * The public invitation address of a reservation, absolute; with the share link's `key`, the
 * address anyone may join with (docs/product.md#share-link).
 */
export function invitationUrl(
  restaurantId: string,
  reservationId: string,
  origin = window.location.origin,
  key: string | null = null,
): string {
  const url = new URL(href('restaurant.reservation.invitation', { restaurantId, reservationId }), origin);
  if (key !== null) url.searchParams.set(SHARE_KEY_PARAM, key);
  return url.toString();
}

/** `restaurant.reservation.share`: the invitation link (share, copy, calendar) and invitations. */
export function SharePage({
  reservationId,
  userId,
  canListCompanions,
}: {
  reservationId: string;
  userId: string;
  canListCompanions: boolean;
}) {
  const t = useT();
  const query = useReservation(reservationId);
  useLiveReservation(reservationId, query.isSuccess);

  if (query.isPending || query.isError) {
    return (
      <ReservationFrame title={t('page.restaurant.reservation.share.title')}>
        {query.isPending ? (
          <LoadingBlock />
        ) : (
          <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        )}
      </ReservationFrame>
    );
  }

  const reservation = query.data;
  const isCreator = reservation.createdBy === userId;

  return (
    <ReservationFrame title={t('page.restaurant.reservation.share.title')}>
      {isCreator && reservation.isCurrent ? (
        <ShareLinkSection
          reservationId={reservation.id}
          restaurantId={reservation.restaurantId}
          restaurantName={reservation.restaurant.name}
          quantity={reservation.quantity}
        />
      ) : null}
      <a
        href={`${env.apiOrigin}/api/reservations/${encodeURIComponent(reservation.id)}/ics`}
        download={`reservation-${reservation.id}.ics`}
        className={buttonClasses({ variant: 'secondary' })}
      >
        {t('reservation.share.calendar')}
      </a>
      {reservation.createdBy === userId && reservation.isCurrent ? (
        <InviteForm
          reservationId={reservation.id}
          memberIds={reservation.users.map((member) => member.id)}
          canListCompanions={canListCompanions}
        />
      ) : null}
      <MemberList reservation={reservation} />
      <Link
        to={href('restaurant.reservation.summary', {
          restaurantId: reservation.restaurantId,
          reservationId: reservation.id,
        })}
        className={buttonClasses({ variant: 'ghost' })}
      >
        {t('reservation.action.summary')}
      </Link>
    </ReservationFrame>
  );
}

/**
 * The creator's share link: copy or share it, renew it (the old one stops working) or turn it
 * off (docs/product.md#share-link).
 */
function ShareLinkSection({
  reservationId,
  restaurantId,
  restaurantName,
  quantity,
}: {
  reservationId: string;
  restaurantId: string;
  restaurantName: string;
  quantity: number;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const query = useShareLink(reservationId, true);
  const change = useMutation({
    mutationFn: (action: 'renew' | 'off') =>
      action === 'renew' ? renewShareLink(reservationId) : turnOffShareLink(reservationId),
    onSuccess: (shareLink) => {
      queryClient.setQueryData(shareLinkKey(reservationId), shareLink);
      notify(
        'success',
        shareLink.key === null ? 'reservation.shareLink.turnedOff' : 'reservation.shareLink.renewed',
      );
    },
    onError: (error) => notify('error', reservationErrorMessage(error)),
  });

  if (query.isPending || query.isError) {
    return query.isPending ? (
      <LoadingBlock />
    ) : (
      <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  }

  const { key } = query.data;
  const link = key === null ? null : invitationUrl(restaurantId, reservationId, window.location.origin, key);
  const shareText = t('reservation.share.text', { restaurant: restaurantName });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      notify('success', 'reservation.share.copied');
    } catch {
      notify('error', 'reservation.share.copyFailed');
    }
  };
  const share = (value: string) => {
    navigator.share({ title: restaurantName, text: shareText, url: value }).catch(() => undefined);
  };

  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4">
      <h2 id="share-link-title" className="font-semibold">
        {t('reservation.share.link')}
      </h2>
      {link === null ? (
        <>
          <p role="status">{t('reservation.shareLink.off')}</p>
          <div>
            <Button disabled={change.isPending} onClick={() => change.mutate('renew')}>
              {t('reservation.shareLink.turnOn')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p id="share-link-help" className="text-sm text-ink-muted">
            {t('reservation.shareLink.help', { quantity })}
          </p>
          <input
            id="invitation-link"
            readOnly
            value={link}
            aria-labelledby="share-link-title"
            aria-describedby="share-link-help"
            onFocus={(event) => event.target.select()}
            className="min-h-12 w-full rounded-xl border-2 border-line bg-cream px-3 text-base"
          />
          <div className="flex flex-wrap gap-2">
            {canShare ? <Button onClick={() => share(link)}>{t('reservation.share.native')}</Button> : null}
            <Button variant={canShare ? 'secondary' : 'primary'} onClick={() => void copy(link)}>
              {t('reservation.share.copy')}
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" disabled={change.isPending} onClick={() => change.mutate('renew')}>
              {t('reservation.shareLink.renew')}
            </Button>
            <Button variant="ghost" disabled={change.isPending} onClick={() => change.mutate('off')}>
              {t('reservation.shareLink.turnOff')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
