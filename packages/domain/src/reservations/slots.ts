import { DomainError } from '../errors.ts';
import { openingWindowFor, type OpeningHours } from '../schedule/opening-hours.ts';
import {
  addDays,
  assertTimeZone,
  instantFromLocal,
  localWeekdayAndTime,
  weekdayOfDate,
} from '../schedule/local-time.ts';
import { formatTimeOfDay, MINUTES_PER_DAY } from '../schedule/time-of-day.ts';
import { DEFAULT_DURATION, DURATION_STEP, durationChoices } from './durations.ts';
import { findClash, type ClashCandidate, type TableRef } from './table-clash.ts';

/**
 * The start times a booking form offers (docs/product.md#booking-slots): the quarter hours of a
 * restaurant-local date that lie inside an opening window with at least 15 minutes before its
 * close, that exist on that date's wall clock (a spring-forward gap skips some) and that are not
 * before "now". All pure: "now" and the time zone are passed in.
 */

/** A start the diner may pick, with the durations that fit in its opening window. */
export interface BookableStart {
  /** Restaurant-local 'HH:mm' on the quarter-hour grid. */
  startAt: string;
  /** The instant it starts (the wall time in the restaurant's zone). */
  start: Date;
  /** 15…120 in steps of 15 that end by the window's close (never empty). */
  durations: number[];
}

/** A start on a given date. */
export interface BookableSlot extends BookableStart {
  date: string;
}

const tableKey = (table: TableRef) => `${table.roomId} ${table.tableId}`;
const QUARTERS_PER_DAY = MINUTES_PER_DAY / DURATION_STEP;
const MINUTE_MS = 60_000;

/** Every quarter hour of a day: '00:00', '00:15', … '23:45'. */
export const QUARTER_HOURS: readonly string[] = Object.freeze(
  Array.from({ length: QUARTERS_PER_DAY }, (_, index) => formatTimeOfDay(index * DURATION_STEP)),
);

/**
 * The bookable starts of `date` (restaurant-local 'YYYY-MM-DD') in order: inside an opening
 * window (see `openingWindowFor`, so the after-midnight part of the previous day's window counts),
 * with at least one duration that ends by its close, on a wall time that exists in `timeZone`
 * that day (times skipped by a clock change are left out, as they would start at the same instant
 * as a later one), and, when `notBefore` is given, starting at or after it.
 * @throws DomainError `INVALID_DATE` / `INVALID_TIME_ZONE`.
 */
export function bookableStarts(
  hours: OpeningHours,
  timeZone: string,
  date: string,
  notBefore: Date | null = null,
): BookableStart[] {
  return startsOn(hours, timeZone, date, notBefore, QUARTERS_PER_DAY);
}

function startsOn(
  hours: OpeningHours,
  timeZone: string,
  date: string,
  notBefore: Date | null,
  limit: number,
): BookableStart[] {
  const weekday = weekdayOfDate(date);
  assertTimeZone(timeZone);
  // The zone is read only once a start is in an opening window: a closed day costs no look-up.
  let instantOf: ((time: string) => Date | null) | null = null;
  const starts: BookableStart[] = [];
  for (const startAt of QUARTER_HOURS) {
    if (starts.length >= limit) break;
    const window = openingWindowFor(hours, weekday, startAt);
    if (!window) continue;
    const durations = durationChoices(startAt, window.close);
    if (durations.length === 0) continue;
    instantOf ??= instantsOfDay(date, timeZone);
    const start = instantOf(startAt);
    if (start === null) continue; // skipped by a spring-forward gap
    if (notBefore && start.getTime() < notBefore.getTime()) continue;
    starts.push({ startAt, start, durations });
  }
  return starts;
}

/**
 * The instant of each wall time of `date` in `timeZone`, or null for one a clock change skips.
 * On a day whose offset is the same at 00:00 and 23:59 (every day but a clock change's) the
 * instant is the wall time less that offset, with no further zone look-up; on the day of a
 * change each time is looked up and checked to exist (`instantFromLocal` moves a skipped time
 * forward, so it would not read back the same).
 */
function instantsOfDay(date: string, timeZone: string): (time: string) => Date | null {
  const wallMs = (time: string) => Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (time: string) => wallMs(time) - instantFromLocal(date, time, timeZone).getTime();
  const offset = offsetAt('00:00');
  if (offset === offsetAt('23:59')) return (time) => new Date(wallMs(time) - offset);
  return (time) => {
    const start = instantFromLocal(date, time, timeZone);
    const wall = localWeekdayAndTime(start, timeZone);
    return wall.date === date && wall.time === time ? start : null;
  };
}

function assertDays(days: number): void {
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new DomainError('INVALID_DATE', `days must be a whole number ≥ 0, got ${days}`);
  }
}

/** A day of the booking form's date list: `open` when at least one start is bookable on it. */
export interface BookingDay {
  date: string;
  open: boolean;
}

/**
 * The dates a booking form offers: today in the restaurant's zone and the `days` after it, each
 * `open` when it has a bookable start at or after `now` (today after its last start is closed).
 * @throws DomainError `INVALID_DATE` for a negative `days`, `INVALID_TIME_ZONE`.
 */
export function bookingDays(hours: OpeningHours, timeZone: string, now: Date, days: number): BookingDay[] {
  assertDays(days);
  const today = localWeekdayAndTime(now, timeZone).date;
  return Array.from({ length: days + 1 }, (_, offset) => {
    const date = addDays(today, offset);
    return { date, open: startsOn(hours, timeZone, date, now, 1).length > 0 };
  });
}

/**
 * Walks the bookable starts from the restaurant-local day of `from` for `days` more days, in
 * order, never before `from` nor after `until` (null: no end besides the days).
 */
function* startsFrom(
  hours: OpeningHours,
  timeZone: string,
  from: Date,
  until: Date | null,
  days: number,
): Generator<BookableSlot> {
  assertDays(days);
  const first = localWeekdayAndTime(from, timeZone).date;
  for (let offset = 0; offset <= days; offset += 1) {
    const date = addDays(first, offset);
    for (const start of bookableStarts(hours, timeZone, date, from)) {
      if (until && start.start.getTime() > until.getTime()) return;
      yield { date, ...start };
    }
  }
}

export interface NextOpenSlotOptions {
  /** How many days after today to look (the restaurant's booking horizon). */
  days: number;
  /** The duration the slot should fit; default 60. */
  duration?: number;
}

/**
 * The booking form's default slot (docs/product.md#reservation-form-defaults): the first bookable
 * start at or after `now` where `duration` (default 60) fits before closing, within `days` days;
 * when no start fits it, the first bookable start with its longest duration. null when the
 * restaurant has no bookable start in that time at all.
 */
export function nextOpenSlot(
  hours: OpeningHours,
  timeZone: string,
  now: Date,
  options: NextOpenSlotOptions,
): (BookableSlot & { duration: number }) | null {
  const wanted = options.duration ?? DEFAULT_DURATION;
  let fallback: BookableSlot | null = null;
  for (const slot of startsFrom(hours, timeZone, now, null, options.days)) {
    if (slot.durations.includes(wanted)) return { ...slot, duration: wanted };
    fallback ??= slot;
  }
  return fallback ? { ...fallback, duration: fallback.durations.at(-1) as number } : null;
}

export interface NextFreeSlotRequest {
  hours: OpeningHours;
  timeZone: string;
  /** Look at starts at or after this instant (the asked slot, or now if later). */
  from: Date;
  /** Look no further than this instant (now + the booking horizon). */
  until: Date;
  /** Minutes the slot must last (it must fit in its opening window). */
  duration: number;
  /** The tables that seat the party; the slot needs one of them free. */
  tables: readonly TableRef[];
  /** Reservations at the restaurant's tables between `from` and `until` + the duration. */
  reservations: readonly ClashCandidate[];
}

/**
 * The next free slot (docs/product.md#booking-slots): the first bookable start at or after
 * `from` (and not after `until`) where `duration` fits in the opening window and at least one of
 * `tables` has no clash (`findClash`: active, same table, overlapping half-open ranges) for
 * [start, start + duration). null when none — also when no table seats the party.
 */
export function nextFreeSlot(request: NextFreeSlotRequest): (BookableSlot & { duration: number }) | null {
  if (request.tables.length === 0) return null;
  const held = heldByTable(request.reservations);
  const span = Math.ceil((request.until.getTime() - request.from.getTime()) / (MINUTES_PER_DAY * MINUTE_MS));
  const days = Math.max(0, span) + 1;
  for (const slot of startsFrom(request.hours, request.timeZone, request.from, request.until, days)) {
    if (!slot.durations.includes(request.duration)) continue;
    const time = { start: slot.start, end: new Date(slot.start.getTime() + request.duration * MINUTE_MS) };
    const isFree = (table: TableRef) =>
      findClash({ table, time }, held.get(tableKey(table))?.near(time.start, time.end) ?? []) === null;
    if (request.tables.some(isFree)) return { ...slot, duration: request.duration };
  }
  return null;
}

const instantMs = (instant: Date | number) => (instant instanceof Date ? instant.getTime() : instant);

/**
 * Each table's reservations in order of start, read by slots that only move forward in time:
 * `near(start, end)` answers those that may overlap [start, end) — the ones that end after the
 * earliest `start` asked so far and start before `end` — for `findClash` to judge. Reservations
 * already over for every later slot are passed by once, so a full horizon stays linear.
 */
function heldByTable(reservations: readonly ClashCandidate[]) {
  const lists = new Map<string, ClashCandidate[]>();
  for (const reservation of reservations) {
    if (!reservation.table) continue;
    const key = tableKey(reservation.table);
    const list = lists.get(key);
    if (list) list.push(reservation);
    else lists.set(key, [reservation]);
  }
  const readers = new Map<string, { near(start: Date, end: Date): ClashCandidate[] }>();
  for (const [key, list] of lists) {
    list.sort((a, b) => instantMs(a.time.start) - instantMs(b.time.start));
    let first = 0;
    readers.set(key, {
      near(start, end) {
        while (first < list.length && instantMs(list[first]!.time.end) <= start.getTime()) first += 1;
        let last = first;
        while (last < list.length && instantMs(list[last]!.time.start) < end.getTime()) last += 1;
        return list.slice(first, last);
      },
    });
  }
  return readers;
}
