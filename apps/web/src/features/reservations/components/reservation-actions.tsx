import type { Reservation } from '@comensal/contracts';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { cancelReservation } from '@/features/reservations/api/cancel-reservation';
import { leaveReservation } from '@/features/reservations/api/leave-reservation';
import { setAssistance } from '@/features/reservations/api/set-reservation-flags';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useReservationAction } from '@/features/reservations/use-reservation-action';

/** What the viewer may do: the creator invites, changes and cancels; members share and leave. */
export function ReservationActions({ reservation, userId }: { reservation: Reservation; userId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const params = { restaurantId: reservation.restaurantId, reservationId: reservation.id };
  const isCreator = reservation.createdBy === userId;
  const cancel = useReservationAction(
    reservation.id,
    () => cancelReservation(reservation.id),
    () => notify('success', 'reservation.cancelled'),
  );
  const leave = useReservationAction(
    reservation.id,
    () => leaveReservation(reservation.id),
    () => {
      notify('success', 'reservation.left');
      void navigate(href('reservations.current'));
    },
  );
  const assistance = useReservationAction(reservation.id, () =>
    setAssistance(reservation.id, !reservation.requestedAssistance),
  );
  if (!reservation.isCurrent) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {isCreator ? (
        <>
          <Link to={href('restaurant.reservation.share', params)} className={buttonClasses()}>
            {t('reservation.action.invite')}
          </Link>
          <Link
            to={href('restaurant.reservation.modify', params)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {t('reservation.action.modify')}
          </Link>
          <ConfirmDialog
            trigger={<Button variant="secondary">{t('reservation.action.cancel')}</Button>}
            title={t('reservation.cancel.title')}
            description={t('reservation.cancel.description')}
            confirmLabel={t('reservation.cancel.confirm')}
            isPending={cancel.isPending}
            onConfirm={() => cancel.mutate()}
          />
        </>
      ) : (
        <>
          <Link
            to={href('restaurant.reservation.share', params)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {t('reservation.action.share')}
          </Link>
          <ConfirmDialog
            trigger={<Button variant="secondary">{t('reservation.action.leave')}</Button>}
            title={t('reservation.leave.title')}
            description={t('reservation.leave.description')}
            confirmLabel={t('reservation.leave.confirm')}
            isPending={leave.isPending}
            onConfirm={() => leave.mutate()}
          />
        </>
      )}
      <Button
        variant="secondary"
        aria-pressed={reservation.requestedAssistance}
        disabled={assistance.isPending}
        onClick={() => assistance.mutate()}
      >
        {reservation.requestedAssistance
          ? t('reservation.action.assistanceCancel')
          : t('reservation.action.assistance')}
      </Button>
    </div>
  );
}
