import type { Reservation, ReservationKind, ReservationStatus } from '@comensal/contracts';
import { formatMoney } from '@comensal/domain';
import { fullAddress } from '@/lib/format';
import { type MessageId, useLocale, useLocalized, useT } from '@/lib/i18n';
import { formatLocalDate, formatTimeRange } from '@/features/reservations/reservation-display';

export const STATUS_LABELS: Readonly<Record<ReservationStatus, MessageId>> = {
  confirmed: 'reservation.status.confirmed',
  seated: 'reservation.status.seated',
  completed: 'reservation.status.completed',
  cancelled: 'reservation.status.cancelled',
};

export const KIND_LABELS: Readonly<Record<ReservationKind, MessageId>> = {
  table: 'reservation.kind.table',
  pickup: 'reservation.kind.pickup',
  delivery: 'reservation.kind.delivery',
};

interface DetailsProps {
  restaurantName: string;
  address: string;
  date: string;
  startAt: string;
  duration: number;
  quantity: number;
  status: ReservationStatus;
  kind: ReservationKind;
  table?: Reservation['table'];
  delivery?: Reservation['delivery'];
  country?: string;
  comments?: string | null;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-line py-2 last:border-b-0">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** The facts of a reservation: where, when (restaurant's zone, 24 h), how many, which table. */
export function ReservationDetails(props: DetailsProps) {
  const t = useT();
  const { locale } = useLocale();
  const localized = useLocalized();
  return (
    <dl className="rounded-2xl border border-line bg-white px-4 py-2">
      <Row label={t('reservation.field.restaurant')}>
        {props.restaurantName}
        <span className="block text-sm font-normal text-ink-muted">{props.address}</span>
      </Row>
      <Row label={t('reservation.field.date')}>{formatLocalDate(props.date, locale)}</Row>
      <Row label={t('reservation.field.time')}>{formatTimeRange(props.startAt, props.duration)}</Row>
      <Row label={t('reservation.field.party')}>{t('reservation.people', { count: props.quantity })}</Row>
      <Row label={t('reservation.field.kind')}>{t(KIND_LABELS[props.kind])}</Row>
      {props.table ? (
        <Row label={t('reservation.field.table')}>
          {t('reservation.table', { number: props.table.number })} · {localized(props.table.room)}
        </Row>
      ) : null}
      {props.delivery && props.country ? (
        <Row label={t('reservation.field.delivery')}>
          {props.delivery.address.line}
          <span className="block text-sm font-normal">
            {formatMoney(props.delivery.priceMinor, props.country)}
          </span>
        </Row>
      ) : null}
      {props.comments ? <Row label={t('reservation.field.comments')}>{props.comments}</Row> : null}
      <Row label={t('reservation.field.status')}>{t(STATUS_LABELS[props.status])}</Row>
    </dl>
  );
}

/** The details of a reservation as members read it. */
export function detailsOf(reservation: Reservation): DetailsProps {
  return {
    restaurantName: reservation.restaurant.name,
    address: fullAddress(reservation.restaurant),
    date: reservation.date,
    startAt: reservation.startAt,
    duration: reservation.duration,
    quantity: reservation.quantity,
    status: reservation.status,
    kind: reservation.kind,
    table: reservation.table,
    delivery: reservation.delivery,
    country: reservation.restaurant.country,
    comments: reservation.comments,
  };
}
