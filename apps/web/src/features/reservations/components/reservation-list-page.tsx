import type { Reservation } from '@comensal/contracts';
import { Link } from 'react-router';
import { ListContent, ListPage } from '@/components/layouts/list-page';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocale, useT } from '@/lib/i18n';
import { useReservations } from '@/features/reservations/api/list-reservations';
import { formatLocalDate, formatTimeRange } from '@/features/reservations/reservation-display';
import { useLiveReservationLists } from '@/features/reservations/use-live-reservation';
import { KIND_LABELS, STATUS_LABELS } from './reservation-details';

export type ReservationListType = 'current' | 'historial';

const TABS = [
  { type: 'current', route: 'reservations.current', labelId: 'tab.reservations.current' },
  { type: 'historial', route: 'reservations.historial', labelId: 'tab.reservations.historial' },
] as const;

function ReservationRow({ reservation }: { reservation: Reservation }) {
  const t = useT();
  const { locale } = useLocale();
  const params = { restaurantId: reservation.restaurantId, reservationId: reservation.id };
  return (
    <article className="flex flex-col gap-1 rounded-2xl border border-line bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold">
        <Link
          to={href('restaurant.reservation.summary', params)}
          className="underline-offset-4 hover:underline"
        >
          {reservation.restaurant.name}
        </Link>
      </h2>
      <p>
        {formatLocalDate(reservation.date, locale)} ·{' '}
        {formatTimeRange(reservation.startAt, reservation.duration)}
      </p>
      <p className="text-ink-muted">
        {t('reservation.people', { count: reservation.quantity })} · {t(KIND_LABELS[reservation.kind])}
        {reservation.table ? ` · ${t('reservation.table', { number: reservation.table.number })}` : ''} ·{' '}
        {t(STATUS_LABELS[reservation.status])}
      </p>
    </article>
  );
}

/** `/reservations/current` and `/reservations/historial`: the diner's reservations, live. */
export function ReservationListPage({ type }: { type: ReservationListType }) {
  const t = useT();
  const title = t(
    type === 'current' ? 'page.reservations.current.title' : 'page.reservations.historial.title',
  );
  useDocumentTitle(title);
  const query = useReservations(type === 'current' ? 'current' : 'history');
  useLiveReservationLists();
  const items = query.data?.items ?? [];
  return (
    <ListPage
      title={title}
      tabs={TABS.map((tab) => ({ key: tab.type, to: href(tab.route), label: t(tab.labelId) }))}
    >
      <ListContent
        query={query}
        items={items}
        errorTitle={t('reservation.list.error')}
        emptyMessage={t(
          type === 'current' ? 'reservation.list.empty.current' : 'reservation.list.empty.historial',
        )}
        testId="reservation-list"
        renderItem={(reservation) => <ReservationRow reservation={reservation} />}
      />
    </ListPage>
  );
}
