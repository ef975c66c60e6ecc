import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { env } from '@/config/env';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { useLiveReservation } from '@/features/reservations/use-live-reservation';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { LoadError } from './load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { ReservationFrame } from './reservation-frame';

/** The public invitation address of a reservation, absolute. */
export function invitationUrl(
  restaurantId: string,
  reservationId: string,
  origin = window.location.origin,
): string {
  return new URL(
    href('restaurant.reservation.invitation', { restaurantId, reservationId }),
    origin,
  ).toString();
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
  const link = invitationUrl(reservation.restaurantId, reservation.id);
  const shareText = t('reservation.share.text', { restaurant: reservation.restaurant.name });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify('success', 'reservation.share.copied');
    } catch {
      notify('error', 'reservation.share.copyFailed');
    }
  };
  const share = () => {
    navigator
      .share({ title: reservation.restaurant.name, text: shareText, url: link })
      .catch(() => undefined);
  };

  return (
    <ReservationFrame title={t('page.restaurant.reservation.share.title')}>
      <section className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4">
        <label htmlFor="invitation-link" className="font-semibold">
          {t('reservation.share.link')}
        </label>
        <input
          id="invitation-link"
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          className="min-h-12 w-full rounded-xl border-2 border-line bg-cream px-3 text-base"
        />
        <div className="flex flex-wrap gap-2">
          {canShare ? <Button onClick={share}>{t('reservation.share.native')}</Button> : null}
          <Button variant={canShare ? 'secondary' : 'primary'} onClick={() => void copy()}>
            {t('reservation.share.copy')}
          </Button>
          <a
            href={`${env.apiOrigin}/api/reservations/${encodeURIComponent(reservation.id)}/ics`}
            download={`reservation-${reservation.id}.ics`}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {t('reservation.share.calendar')}
          </a>
        </div>
      </section>
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
