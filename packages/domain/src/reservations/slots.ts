import { DomainError } from '../errors.ts';
import { openingWindowFor, type OpeningHours } from '../schedule/opening-hours.ts';
import { addDays, instantFromLocal, localWeekdayAndTime, weekdayOfDate } from '../schedule/local-time.ts';
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
  const starts: BookableStart[] = [];
  for (const startAt of QUARTER_HOURS) {
    if (starts.length >= limit) break;
    const window = openingWindowFor(hours, weekday, startAt);
    if (!window) continue;
    const durations = durationChoices(startAt, window.close);
    if (durations.length === 0) continue;
    const start = instantFromLocal(date, startAt, timeZone);
    if (notBefore && start.getTime() < notBefore.getTime()) continue;
    const wall = localWeekdayAndTime(start, timeZone);
    if (wall.date !== date || wall.time !== startAt) continue; // skipped by a spring-forward gap
    starts.push({ startAt, start, durations });
  }
  return starts;
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
  const span = Math.ceil((request.until.getTime() - request.from.getTime()) / (MINUTES_PER_DAY * MINUTE_MS));
  const days = Math.max(0, span) + 1;
  for (const slot of startsFrom(request.hours, request.timeZone, request.from, request.until, days)) {
    if (!slot.durations.includes(request.duration)) continue;
    const time = { start: slot.start, end: new Date(slot.start.getTime() + request.duration * MINUTE_MS) };
    if (request.tables.some((table) => findClash({ table, time }, request.reservations) === null)) {
      return { ...slot, duration: request.duration };
    }
  }
  return null;
}
