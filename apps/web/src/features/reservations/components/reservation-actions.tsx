import type { Reservation } from '@comensal/contracts';
import {
  ASSISTANCE_LEAD_MINUTES,
  assistanceOpensAt,
  assistanceState,
  type AssistanceState,
} from '@comensal/domain';
import { useEffect, useState } from 'react';
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

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether a waiter may be called now (docs/product.md#calling-a-waiter), following the clock: the
 * answer changes by itself when the window opens and when the reservation ends.
 */
function useAssistanceState(reservation: Reservation): AssistanceState {
  const [now, setNow] = useState(() => Date.now());
  const end = new Date(reservation.time.end).getTime();
  const rule = {
    status: reservation.status,
    time: { start: new Date(reservation.time.start).getTime(), end },
  };
  const state = assistanceState(rule, now);
  const nextChange = state === 'not_yet' ? assistanceOpensAt(rule) : end;
  useEffect(() => {
    if (state !== 'not_yet' && state !== 'open') return undefined;
    const wait = Math.min(Math.max(nextChange - Date.now(), 0) + 100, MAX_TIMEOUT_MS);
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [state, nextChange, now]);
  return state;
}

/** `HH:mm` `minutes` before `time` (restaurant-local, across midnight). */
function minutesBefore(time: string, minutes: number): string {
  const [hours = 0, mins = 0] = time.split(':').map(Number);
  const total = (((hours * 60 + mins - minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

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
  const assistanceNow = useAssistanceState(reservation);
  if (!reservation.isCurrent) return null;
  // before the window a call would bring a waiter to an empty table; a call made stays clearable
  const canCall = assistanceNow === 'open' || reservation.requestedAssistance;

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
      {canCall ? (
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
      ) : (
        <p className="basis-full text-sm text-ink-muted">
          {t('reservation.assistance.notYet', {
            time: minutesBefore(reservation.startAt, ASSISTANCE_LEAD_MINUTES),
            minutes: ASSISTANCE_LEAD_MINUTES,
          })}
        </p>
      )}
    </div>
  );
}
