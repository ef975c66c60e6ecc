import type { Reservation, ReservationKind, RestaurantDetail, TableRef } from '@comensal/contracts';
import {
  DEFAULT_BOOKING_LIMITS,
  localWeekdayAndTime,
  nextOpenSlot,
  reservationFormDefaults,
} from '@comensal/domain';

/** What the reservation form edits. */
export interface ReservationFormValues {
  kind: ReservationKind;
  date: string;
  startAt: string;
  duration: number;
  quantity: number;
  comments: string;
  table: TableRef | null;
  address: string;
  location: { lat: number; lng: number } | null;
}

type Rooms = RestaurantDetail['rooms'];

/**
 * The table of a table link: `table` is the table's number (or id) and `room` the room's id;
 * without a room the first room with that table number is taken. null when nothing matches.
 */
export function tableFromQuery(rooms: Rooms, table: string | null, room: string | null): TableRef | null {
  if (!table) return null;
  const candidates = room ? rooms.filter((candidate) => candidate.id === room) : rooms;
  for (const candidate of candidates) {
    const match = candidate.tables.find((item) => item.id === table || String(item.number) === table.trim());
    if (match) return { roomId: candidate.id, tableId: match.id };
  }
  return null;
}

/**
 * How many days after today the form offers: the restaurants' booking horizon (a restaurant that
 * sets a shorter one refuses a later date with BOOKING_TOO_FAR_AHEAD).
 */
export const BOOKING_DAYS = DEFAULT_BOOKING_LIMITS.horizonDays;

/**
 * The next open slot in the restaurant's zone where 60 minutes fit (docs/product.md#booking-slots),
 * 1 person; a restaurant with no opening in the coming days falls back to the next quarter hour
 * (the form then says it is closed) (docs/product.md#reservation-form-defaults).
 */
export function newReservationValues(
  restaurant: Pick<RestaurantDetail, 'timeZone' | 'rooms' | 'openingHours'>,
  now: Date,
  query: { table: string | null; room: string | null },
): ReservationFormValues {
  const local = localWeekdayAndTime(now, restaurant.timeZone);
  const defaults = reservationFormDefaults(
    { date: local.date, time: local.time },
    tableFromQuery(restaurant.rooms, query.table, query.room),
  );
  const open = nextOpenSlot(restaurant.openingHours, restaurant.timeZone, now, {
    days: BOOKING_DAYS,
    duration: defaults.time.duration,
  });
  return {
    kind: 'table',
    date: open?.date ?? defaults.date,
    startAt: open?.startAt ?? defaults.time.startAt,
    duration: open?.duration ?? defaults.time.duration,
    quantity: defaults.quantity,
    comments: defaults.comments,
    table: defaults.table,
    address: '',
    location: null,
  };
}

/** The form prefilled with an existing reservation (modify). */
export function valuesOfReservation(reservation: Reservation): ReservationFormValues {
  return {
    kind: reservation.kind,
    date: reservation.date,
    startAt: reservation.startAt,
    duration: reservation.duration,
    quantity: reservation.quantity,
    comments: reservation.comments ?? '',
    table: reservation.table
      ? { roomId: reservation.table.roomId, tableId: reservation.table.tableId }
      : null,
    address: reservation.delivery?.address.line ?? '',
    location: reservation.delivery?.address.location ?? null,
  };
}

/** The duration to keep when the choices change: the current one if offered, else the closest below. */
export function fitDuration(current: number, choices: readonly number[]): number {
  if (choices.length === 0 || choices.includes(current)) return current;
  const below = choices.filter((choice) => choice <= current);
  return below.at(-1) ?? (choices[0] as number);
}

export function isSameTable(a: TableRef | null, b: TableRef | null): boolean {
  return a !== null && b !== null && a.roomId === b.roomId && a.tableId === b.tableId;
}
