import { DomainError } from '../errors.ts';
import { addDays } from '../schedule/local-time.ts';
import { formatTimeOfDay, MINUTES_PER_DAY, parseTimeOfDay } from '../schedule/time-of-day.ts';
import type { TableRef } from './table-clash.ts';

/**
 * Durations run from 15 to 120 minutes in steps of 15; default 60; default quantity 1
 * (docs/product.md#durations).
 */
export const DURATION_STEP = 15;
export const MIN_DURATION = 15;
export const MAX_DURATION = 120;
export const DEFAULT_DURATION = 60;
export const DEFAULT_QUANTITY = 1;

/** Every duration offered when nothing limits it: 15, 30, …, 120. */
export const ALL_DURATIONS: readonly number[] = Object.freeze(
  Array.from(
    { length: (MAX_DURATION - MIN_DURATION) / DURATION_STEP + 1 },
    (_, index) => MIN_DURATION + index * DURATION_STEP,
  ),
);

/** A duration in minutes that the product offers at all (15–120, a multiple of 15). */
export function isValidDuration(duration: number): boolean {
  return (
    Number.isInteger(duration) &&
    duration >= MIN_DURATION &&
    duration <= MAX_DURATION &&
    (duration - MIN_DURATION) % DURATION_STEP === 0
  );
}

/**
 * Minutes from `startAt` to `windowEnd` (restaurant-local 'HH:mm'). A `windowEnd` at or before
 * `startAt` is on the next day (same rule as an opening window's close ≤ open), so
 * ('23:00', '02:00') → 180 and ('22:00', '22:00') → 1440.
 */
export function minutesUntil(startAt: string, windowEnd: string): number {
  const gap = parseTimeOfDay(windowEnd) - parseTimeOfDay(startAt);
  return gap > 0 ? gap : gap + MINUTES_PER_DAY;
}

/**
 * Durations the diner may choose (docs/product.md#durations): 15, 30, …, 120 minutes, keeping only
 * those with startAt + duration ≤ windowEnd (the reservation may end exactly at closing time).
 * `windowEnd` null = no limit. A `windowEnd` at or before `startAt` is after midnight
 * (see {@link minutesUntil}); pass the `close` of `openingWindowFor(...)`.
 * Returns [] when not even 15 minutes fit.
 * @throws DomainError `INVALID_TIME` for a malformed time.
 */
export function durationChoices(startAt: string, windowEnd: string | null): number[] {
  parseTimeOfDay(startAt);
  if (windowEnd === null) return [...ALL_DURATIONS];
  const available = minutesUntil(startAt, windowEnd);
  return ALL_DURATIONS.filter((duration) => duration <= available);
}

/** Restaurant-local "now": 'YYYY-MM-DD' and 'HH:mm' (e.g. from `localWeekdayAndTime`). */
export interface LocalNow {
  date: string;
  time: string;
}

/** Initial values of the reservation form (docs/product.md#reservation-form-defaults). */
export interface ReservationFormDefaults {
  date: string;
  time: { startAt: string; duration: number };
  quantity: number;
  comments: string;
  table: TableRef | null;
}

/**
 * Reservation form defaults: startAt is `now` rounded UP to the next quarter hour
 * (13:00 stays 13:00, 13:01 → 13:15; 23:50 → 00:00 of the next date), duration 60, quantity 1,
 * empty comments, and the table from the query parameters (`table`, `room`) when given.
 * @throws DomainError `INVALID_DATE` / `INVALID_TIME` for a malformed `now`.
 */
export function reservationFormDefaults(
  now: LocalNow,
  table: TableRef | null = null,
): ReservationFormDefaults {
  const minute = parseTimeOfDay(now.time);
  const rounded = Math.ceil(minute / DURATION_STEP) * DURATION_STEP;
  const date = addDays(now.date, rounded >= MINUTES_PER_DAY ? 1 : 0);
  return {
    date,
    time: { startAt: formatTimeOfDay(rounded), duration: DEFAULT_DURATION },
    quantity: DEFAULT_QUANTITY,
    comments: '',
    table,
  };
}

/** @throws DomainError `INVALID_DURATION` unless {@link isValidDuration}. */
export function assertDuration(duration: number): void {
  if (!isValidDuration(duration)) {
    throw new DomainError(
      'INVALID_DURATION',
      `duration must be 15–120 minutes in steps of 15, got ${duration}`,
    );
  }
}
