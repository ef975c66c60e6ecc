import {
  assertWeekday,
  parseTimeOfDay,
  previousWeekday,
  type LocalMoment,
  type Weekday,
} from './time-of-day.ts';

/**
 * One opening window of a day, restaurant-local 'HH:mm', half-open [open, close):
 * the restaurant is open at `open` and closed at `close`.
 * `close` ≤ `open` means it closes after midnight, on the next calendar day
 * ({ open: '20:00', close: '02:00' }; { open: '12:00', close: '00:00' } = noon to midnight;
 * open = close = open 24 hours from `open`).
 */
export interface OpeningWindow {
  open: string;
  close: string;
}

/** Windows per weekday, index 0 (Sunday) … 6 (Saturday); a missing or empty day is closed. */
export type OpeningHours = ReadonlyArray<ReadonlyArray<OpeningWindow>>;

/** A window plus the weekday it opened on (the previous day for the after-midnight part). */
export interface OpeningWindowMatch extends OpeningWindow {
  weekday: Weekday;
}

function crossesMidnight(window: OpeningWindow): boolean {
  return parseTimeOfDay(window.close) <= parseTimeOfDay(window.open);
}

/** Does `window`, opened on its own day, contain `minute` of that same day? */
function containsSameDay(window: OpeningWindow, minute: number): boolean {
  const open = parseTimeOfDay(window.open);
  const close = parseTimeOfDay(window.close);
  return close > open ? minute >= open && minute < close : minute >= open;
}

/** Does `window`, opened the day before, still contain `minute` after midnight? */
function containsNextDay(window: OpeningWindow, minute: number): boolean {
  return crossesMidnight(window) && minute < parseTimeOfDay(window.close);
}

/**
 * The opening window that contains the restaurant-local minute `startAt` of `weekday`, or null.
 * Windows opened on `weekday` come first; otherwise an after-midnight window opened the day before
 * (Friday 20:00–02:00 contains Saturday 01:30 → returned with `weekday` 5).
 * Half-open: `startAt` equal to `close` is outside (nothing can start at closing time).
 * @throws DomainError `INVALID_WEEKDAY` / `INVALID_TIME` for a malformed weekday or time.
 */
export function openingWindowFor(
  hours: OpeningHours,
  weekday: number,
  startAt: string,
): OpeningWindowMatch | null {
  assertWeekday(weekday);
  const minute = parseTimeOfDay(startAt);
  for (const window of hours[weekday] ?? []) {
    if (containsSameDay(window, minute)) return { open: window.open, close: window.close, weekday };
  }
  const dayBefore = previousWeekday(weekday);
  for (const window of hours[dayBefore] ?? []) {
    if (containsNextDay(window, minute))
      return { open: window.open, close: window.close, weekday: dayBefore };
  }
  return null;
}

/** Whether the restaurant is open at the restaurant-local moment `at` (see {@link openingWindowFor}). */
export function isOpenAt(hours: OpeningHours, at: LocalMoment): boolean {
  return openingWindowFor(hours, at.weekday, at.time) !== null;
}
