import type { ReservationKind, RestaurantDetail, TableRef } from '@comensal/contracts';
import {
  ALL_DURATIONS,
  bookableStarts,
  type BookingDay,
  bookingDays,
  deliveryPrice,
  formatMoney,
  haversineMeters,
} from '@comensal/domain';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type MessageId, useLocale, useLocalized, useT } from '@/lib/i18n';
import type { Coordinates } from '@/lib/geolocation';
import { logFailure } from '@/lib/log';
import { usePaintedFor } from '@/lib/after-paint';
import { useAvailability } from '@/features/reservations/api/get-availability';
import {
  BOOKING_DAYS,
  fitDuration,
  isSameTable,
  type ReservationFormValues,
} from '@/features/reservations/form-model';
import { formatDayOption } from '@/features/reservations/reservation-display';
import { useLiveAvailability } from '@/features/reservations/use-live-availability';

const KIND_LABELS: Readonly<Record<ReservationKind, MessageId>> = {
  table: 'reservation.kind.table',
  pickup: 'reservation.kind.pickup',
  delivery: 'reservation.kind.delivery',
};

/** Largest party one reservation takes (contracts' MAX_PARTY_SIZE). */
const MAX_PARTY_SIZE = 100;
const NO_DAYS: readonly BookingDay[] = [];

const FIELD =
  'min-h-12 rounded-xl border-2 border-line bg-white px-4 text-lg text-ink aria-invalid:border-red-700';

interface ReservationFormProps {
  restaurant: RestaurantDetail;
  initial: ReservationFormValues;
  /** Modify keeps the kind of the reservation. */
  mode: 'create' | 'modify';
  isPending: boolean;
  errorId: MessageId | null;
  onSubmit: (values: ReservationFormValues) => void;
  /**
   * Modifying: the reservation, whose own hold availability leaves out, and its table, labelled
   * "your table" (docs/product.md#reservation-states).
   */
  own?: { reservationId: string; table: { roomId: string; tableId: string } | null };
}

/**
 * The diner's position for a delivery, asked fresh (lib/geolocation logs a failure). Its code
 * loads on the first tap: it lives in the restaurant list's file, which this page rarely needs.
 */
function useLocate() {
  const [state, setState] = useState<'idle' | 'locating' | 'failed'>('idle');
  const locate = (onFound: (point: Coordinates) => void) => {
    setState('locating');
    import('@/lib/geolocation')
      .then((geolocation) => geolocation.locate())
      .then(
        (result) => {
          setState(result.ok ? 'idle' : 'failed');
          if (result.ok) onFound(result.position);
        },
        (error: unknown) => {
          logFailure('Geolocation could not be loaded', error);
          setState('failed');
        },
      );
  };
  return { state, locate };
}

/**
 * The reservation form (docs/product.md#reservation-form-defaults): new reservations and changes to
 * one.
 */
export function ReservationForm({
  restaurant,
  initial,
  mode,
  isPending,
  errorId,
  onSubmit,
  own,
}: ReservationFormProps) {
  const t = useT();
  const localized = useLocalized();
  const id = useId();
  const { locale } = useLocale();
  const [values, setValues] = useState(initial);
  const set = <K extends keyof ReservationFormValues>(key: K, value: ReservationFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const { state: locateState, locate } = useLocate();
  const [now] = useState(() => new Date());
  useLiveAvailability(restaurant.id);
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (errorId) errorRef.current?.focus();
  }, [errorId]);

  // The days and start times the restaurant takes bookings for, from now (docs/product.md#booking-slots);
  // a modified reservation keeps its own date and start among them.
  const { openingHours, timeZone } = restaurant;
  // The other days of the list are worked out once the form has been painted: a closed list shows
  // only the chosen day, and reading 60 days of opening hours in the restaurant's zone was a third
  // of the form's first render (docs/decisions/0036-first-screen.md).
  const listReady = usePaintedFor(restaurant.id);
  const days = useMemo(
    () => (listReady ? bookingDays(openingHours, timeZone, now, BOOKING_DAYS) : NO_DAYS),
    [listReady, openingHours, timeZone, now],
  );
  const dayOptions = days.some((day) => day.date === values.date)
    ? days
    : [{ date: values.date, open: true }, ...days];
  const startsOf = (date: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(date) ? bookableStarts(openingHours, timeZone, date, now) : [];
  const starts = useMemo(
    () =>
      /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? bookableStarts(openingHours, timeZone, values.date, now) : [],
    [openingHours, timeZone, values.date, now],
  );
  const startOptions = starts.some((start) => start.startAt === values.startAt)
    ? starts.map((start) => start.startAt)
    : [values.startAt, ...starts.map((start) => start.startAt)];
  const chooseDate = (date: string) =>
    setValues((previous) => {
      const offered = startsOf(date);
      const keep = offered.some((start) => start.startAt === previous.startAt);
      return {
        ...previous,
        date,
        startAt: keep ? previous.startAt : (offered[0]?.startAt ?? previous.startAt),
      };
    });

  const kinds: ReservationKind[] = [
    'table',
    ...(restaurant.pickup ? (['pickup'] as const) : []),
    ...(restaurant.delivery.mode !== 'none' ? (['delivery'] as const) : []),
  ];

  const isSlotComplete = /^\d{4}-\d{2}-\d{2}$/.test(values.date) && /^\d{2}:\d{2}$/.test(values.startAt);
  const quantity = Math.min(MAX_PARTY_SIZE, Math.max(1, Math.trunc(values.quantity) || 1));
  // The durations that fit before closing, known at once from the opening hours (a modified
  // reservation that already started asks the server); a duration the new slot cannot fit gives
  // way to the closest shorter one that fits, and that is the one availability is asked for.
  const startDurations = starts.find((start) => start.startAt === values.startAt)?.durations;
  const availability = useAvailability(
    restaurant.id,
    isSlotComplete
      ? {
          date: values.date,
          startAt: values.startAt,
          duration: startDurations ? fitDuration(values.duration, startDurations) : values.duration,
          quantity,
          ...(own && { reservationId: own.reservationId }),
        }
      : null,
  );
  const durations =
    startDurations ?? (availability.data?.durations.length ? availability.data.durations : ALL_DURATIONS);
  const duration = fitDuration(values.duration, durations);

  const tables = useMemo(() => availability.data?.tables ?? [], [availability.data]);
  const rooms = useMemo(() => {
    const grouped = new Map<string, { name: string; tables: typeof tables }>();
    for (const table of tables) {
      const room = grouped.get(table.roomId) ?? { name: localized(table.room), tables: [] };
      room.tables.push(table);
      grouped.set(table.roomId, room);
    }
    return [...grouped.entries()];
  }, [tables, localized]);
  const chosen = values.table ? tables.find((table) => isSameTable(table, values.table)) : undefined;
  const unavailable = availability.data?.unavailableReason ?? null;
  const tableState = (table: (typeof tables)[number]): MessageId =>
    !table.free
      ? 'reservation.form.taken'
      : own?.table && isSameTable(table, own.table)
        ? 'reservation.form.yours'
        : 'reservation.form.free';
  // When no table seating the party is free then, the server says when the next one is.
  const answer = availability.isPlaceholderData ? undefined : availability.data;
  const nextFree =
    values.kind === 'table' &&
    answer &&
    answer.tables.length > 0 &&
    !answer.tables.some((table) => table.free)
      ? answer.nextFree
      : undefined;
  const chooseNextFree = (slot: { date: string; startAt: string }) =>
    setValues((previous) => ({ ...previous, date: slot.date, startAt: slot.startAt }));

  const price =
    values.kind === 'delivery' && values.location && restaurant.delivery.mode !== 'none'
      ? deliveryPrice(restaurant.delivery, haversineMeters(restaurant.location, values.location))
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ ...values, quantity, duration });
  };

  const chooseTable = (table: TableRef | null) => set('table', table);

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      {mode === 'create' && kinds.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t('reservation.form.kind')}</legend>
          <div className="flex flex-wrap gap-2">
            {kinds.map((kind) => (
              <label
                key={kind}
                className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-line bg-white px-4 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={kind}
                  checked={values.kind === kind}
                  onChange={() => set('kind', kind)}
                />
                {t(KIND_LABELS[kind])}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-date`} className="font-semibold">
            {t('reservation.form.date')}
          </label>
          <select
            id={`${id}-date`}
            name="date"
            className={FIELD}
            value={values.date}
            onChange={(event) => chooseDate(event.target.value)}
          >
            {dayOptions.map((day) => (
              <option key={day.date} value={day.date} disabled={!day.open}>
                {day.open
                  ? formatDayOption(day.date, locale)
                  : t('reservation.form.closedDay', { date: formatDayOption(day.date, locale) })}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-start`} className="font-semibold">
            {t('reservation.form.startAt')}
          </label>
          <select
            id={`${id}-start`}
            name="startAt"
            className={FIELD}
            value={values.startAt}
            onChange={(event) => set('startAt', event.target.value)}
          >
            {startOptions.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-duration`} className="font-semibold">
            {t('reservation.form.duration')}
          </label>
          <select
            id={`${id}-duration`}
            name="duration"
            className={FIELD}
            value={duration}
            onChange={(event) => set('duration', Number(event.target.value))}
          >
            {durations.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('reservation.minutes', { minutes })}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('reservation.form.quantity')}
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          max={MAX_PARTY_SIZE}
          required
          value={Number.isNaN(values.quantity) ? '' : values.quantity}
          onChange={(event) => set('quantity', event.target.valueAsNumber)}
        />
      </div>

      {unavailable ? (
        <p role="status" className="rounded-xl border-2 border-amber-600 bg-amber-50 p-3 font-medium">
          {t(`reservation.error.${unavailable}`)}
        </p>
      ) : null}

      {nextFree !== undefined ? (
        <div
          role="status"
          data-testid="next-free"
          className="flex flex-col items-start gap-2 rounded-xl border-2 border-amber-600 bg-amber-50 p-3"
        >
          {nextFree ? (
            <>
              <p className="font-medium">
                {t('reservation.form.nextFree', {
                  date: formatDayOption(nextFree.date, locale),
                  time: nextFree.startAt,
                })}
              </p>
              <Button variant="secondary" onClick={() => chooseNextFree(nextFree)}>
                {t('reservation.form.useNextFree')}
              </Button>
            </>
          ) : (
            <p className="font-medium">{t('reservation.form.noneFree')}</p>
          )}
        </div>
      ) : null}

      {values.kind === 'table' ? (
        <fieldset className="flex flex-col gap-3" aria-busy={availability.isFetching}>
          <legend className="mb-1 font-semibold">{t('reservation.form.table')}</legend>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-table`}
              checked={values.table === null}
              onChange={() => chooseTable(null)}
            />
            {t('reservation.form.anyTable')}
          </label>
          {availability.isPending && isSlotComplete ? <p>{t('common.loading')}</p> : null}
          {availability.isError ? <p role="alert">{t('reservation.error.availability')}</p> : null}
          {!availability.isPending && tables.length === 0 ? (
            <p className="text-ink-muted">{t('reservation.form.noTables')}</p>
          ) : null}
          {rooms.map(([roomId, room]) => (
            <div key={roomId} role="group" aria-label={room.name} className="flex flex-col gap-2">
              <p className="font-semibold text-ink-muted">{room.name}</p>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {room.tables.map((table) => (
                  <label
                    key={table.tableId}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border-2 border-line bg-white px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-60"
                  >
                    <input
                      type="radio"
                      name={`${id}-table`}
                      disabled={!table.free}
                      aria-label={`${t('reservation.table', { number: table.number })}, ${t('reservation.seats', { seats: table.seats })}, ${t(tableState(table))}`}
                      checked={isSameTable(table, values.table)}
                      onChange={() => chooseTable({ roomId: table.roomId, tableId: table.tableId })}
                    />
                    <span className="flex flex-col">
                      <span className="font-semibold">
                        {t('reservation.table', { number: table.number })}
                      </span>
                      <span className="text-sm text-ink-muted">
                        {t('reservation.seats', { seats: table.seats })} · {t(tableState(table))}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
            </div>
          ))}
          {values.table && availability.data && (!chosen || !chosen.free) ? (
            <p role="status" className="font-medium text-red-800">
              {t(chosen ? 'reservation.form.chosenTaken' : 'reservation.form.chosenDoesNotFit')}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {values.kind === 'delivery' ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-semibold">{t('reservation.form.delivery')}</legend>
          <TextField
            label={t('reservation.form.address')}
            name="address"
            autoComplete="street-address"
            required
            maxLength={200}
            value={values.address}
            onChange={(event) => set('address', event.target.value)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              disabled={locateState === 'locating'}
              onClick={() => locate((point) => set('location', point))}
            >
              {locateState === 'locating'
                ? t('reservation.form.locating')
                : t('reservation.form.useLocation')}
            </Button>
            {values.location ? (
              <span className="text-sm text-ink-muted">{t('reservation.form.locationSet')}</span>
            ) : null}
          </div>
          {locateState === 'failed' ? (
            <p role="alert" className="text-sm font-medium text-red-800">
              {t('reservation.form.locationFailed')}
            </p>
          ) : null}
          {values.location ? (
            <p role="status" className="font-semibold">
              {price === null
                ? t('reservation.error.DELIVERY_OUT_OF_RANGE')
                : t('reservation.form.deliveryPrice', { price: formatMoney(price, restaurant.country) })}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-comments`} className="font-semibold">
          {t('reservation.form.comments')}
        </label>
        <textarea
          id={`${id}-comments`}
          name="comments"
          rows={3}
          maxLength={500}
          className="rounded-xl border-2 border-line bg-white px-4 py-3 text-lg"
          value={values.comments}
          onChange={(event) => set('comments', event.target.value)}
        />
      </div>

      {errorId ? (
        <p
          ref={errorRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900"
        >
          {t(errorId)}
        </p>
      ) : null}

      <Button
        type="submit"
        size="lg"
        block
        disabled={isPending || (values.kind === 'delivery' && (!values.location || !values.address.trim()))}
      >
        {isPending
          ? t('common.loading')
          : mode === 'create'
            ? t('reservation.form.submit')
            : t('reservation.form.save')}
      </Button>
    </form>
  );
}
