import type { StaffBoard, StaffBoardReservation } from '@comensal/contracts';
import { Button } from '@/components/ui/button';
import { type MessageId, useLocalized, useT } from '@/lib/i18n';
import { staffMoney } from '../staff-money';

const STATUS_LABELS: Readonly<Record<StaffBoardReservation['status'], MessageId>> = {
  confirmed: 'reservation.status.confirmed',
  seated: 'reservation.status.seated',
  completed: 'reservation.status.completed',
  cancelled: 'reservation.status.cancelled',
};

/**
 * Where a reservation sits, for its card, its buttons and the announcements: "Table 4"; without a
 * table, the kind and whose it is ("Pickup · Ana Pérez"), so that two of them are told apart.
 */
export function placeOf(
  reservation: Pick<StaffBoardReservation, 'table' | 'kind' | 'users' | 'createdBy'>,
  t: ReturnType<typeof useT>,
): string {
  if (reservation.table) return t('staff.board.table', { number: reservation.table.number });
  const labels: Readonly<Record<StaffBoardReservation['kind'], MessageId>> = {
    table: 'staff.board.tableToChoose',
    pickup: 'staff.board.pickup',
    delivery: 'staff.board.delivery',
  };
  const creator = reservation.users.find((user) => user.id === reservation.createdBy) ?? reservation.users[0];
  const place = t(labels[reservation.kind]);
  return creator ? t('staff.board.named', { place, name: creator.displayName }) : place;
}

export interface BoardActions {
  onSeat: (reservationId: string) => void;
  onComplete: (reservationId: string) => void;
  onAnswer: (reservationId: string) => void;
  onReady: (reservationId: string) => void;
  /** The reservation an action is under way for (its buttons wait). */
  busyId: string | null;
}

/** One reservation on the board: when, who, what they ordered and owe, and what staff can do. */
export function BoardReservationCard({
  reservation,
  currency,
  isHighlighted,
  actions,
}: {
  reservation: StaffBoardReservation;
  currency: StaffBoard['currency'];
  isHighlighted: boolean;
  actions: BoardActions;
}) {
  const t = useT();
  const localized = useLocalized();
  const money = (amount: number) => staffMoney(amount, currency);
  const isBusy = actions.busyId === reservation.id;
  const headingId = `board-${reservation.id}`;
  const tableLabel = placeOf(reservation, t);
  const items = reservation.orders.filter((order) => order.kind !== 'delivery');
  const isActive = reservation.status === 'confirmed' || reservation.status === 'seated';
  return (
    <article
      aria-labelledby={headingId}
      data-highlighted={isHighlighted || undefined}
      className={`flex flex-col gap-3 rounded-2xl border-2 bg-white p-4 transition-colors ${
        reservation.requestedAssistance
          ? 'border-red-700'
          : isHighlighted
            ? 'border-amber-500 bg-amber-50'
            : 'border-line'
      }`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-xl font-bold">
          <span>{reservation.startAt}</span> · <span>{tableLabel}</span>
        </h3>
        <span className="rounded-full bg-cream px-3 py-1 text-sm font-semibold">
          {t(STATUS_LABELS[reservation.status])}
        </span>
      </header>
      {reservation.requestedAssistance ? (
        <p className="rounded-xl bg-red-700 px-3 py-2 font-bold text-white">{t('staff.board.assistance')}</p>
      ) : null}
      {reservation.ordersReadyNotification ? (
        <p className="rounded-xl bg-brand-50 px-3 py-2 font-semibold text-brand-800">
          {t('staff.board.readySent')}
        </p>
      ) : null}
      <p>
        {t('staff.board.party', { count: reservation.quantity })} ·{' '}
        {reservation.users.map((user) => user.displayName).join(', ')}
      </p>
      {reservation.transactionsToDecide > 0 ? (
        <p className="rounded-xl bg-amber-100 px-3 py-2 font-semibold">
          {t('staff.board.toDecide', { count: reservation.transactionsToDecide })}
        </p>
      ) : null}
      {reservation.comments ? <p className="text-ink-muted italic">{reservation.comments}</p> : null}
      {items.length > 0 ? (
        <ul aria-label={t('staff.board.orders')} className="flex flex-col gap-1 border-t border-line pt-2">
          {items.map((order) => (
            <li key={order.id} className="flex justify-between gap-2">
              <span>
                {order.quantity} × {order.product ? localized(order.product.name) : t('staff.board.item')}
                {order.comments ? <span className="text-ink-muted"> — {order.comments}</span> : null}
              </span>
              <span className="whitespace-nowrap">{money(order.priceMinor)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">{t('staff.board.noOrders')}</p>
      )}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 border-t border-line pt-2 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-ink-muted">{t('staff.board.total')}</dt>
          <dd className="font-semibold">{money(reservation.totals.totalMinor)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('staff.board.paid')}</dt>
          <dd className="font-semibold">{money(reservation.totals.paidMinor)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('staff.board.pending')}</dt>
          <dd className="font-semibold">{money(reservation.totals.pendingMinor)}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('staff.board.due')}</dt>
          <dd className="font-bold">{money(reservation.totals.dueMinor)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        {reservation.requestedAssistance ? (
          <Button disabled={isBusy} onClick={() => actions.onAnswer(reservation.id)}>
            {t('staff.board.answer', { table: tableLabel })}
          </Button>
        ) : null}
        {isActive && items.length > 0 && !reservation.ordersReadyNotification ? (
          <Button variant="secondary" disabled={isBusy} onClick={() => actions.onReady(reservation.id)}>
            {t('staff.board.markReady', { table: tableLabel })}
          </Button>
        ) : null}
        {reservation.status === 'confirmed' ? (
          <Button variant="secondary" disabled={isBusy} onClick={() => actions.onSeat(reservation.id)}>
            {t('staff.board.seat', { table: tableLabel })}
          </Button>
        ) : null}
        {reservation.status === 'seated' ? (
          <Button variant="secondary" disabled={isBusy} onClick={() => actions.onComplete(reservation.id)}>
            {t('staff.board.complete', { table: tableLabel })}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
