import { assertWeekday, parseTimeOfDay, type LocalMoment } from './time-of-day.ts';

export { localWeekdayAndTime } from './local-time.ts';

export const DEFAULT_SCHEDULE_START = '00:00';
export const DEFAULT_SCHEDULE_END = '23:59';

/** The product fields that decide visibility (a full product row satisfies it). */
export interface VisibilityProduct {
  hidden?: boolean | null;
  /** 'HH:mm'; null, undefined or '' → 00:00. */
  scheduleStart?: string | null;
  /** 'HH:mm', inclusive to the minute; null, undefined or '' → 23:59. */
  scheduleEnd?: string | null;
  /** Allowed weekdays 0 (Sunday)–6; null or empty → every day. */
  scheduleDays?: readonly number[] | null;
  stock?: number | null;
  preventSaleWithoutStock?: boolean | null;
}

/**
 * Whether `start`–`end` (both inclusive, 'HH:mm') contains `time`.
 * When start > end the schedule runs across midnight (22:00–02:00): time ≥ start OR time ≤ end.
 * start = end is a one-minute window.
 */
export function isWithinDailySchedule(time: string, start: string, end: string): boolean {
  const minute = parseTimeOfDay(time);
  const from = parseTimeOfDay(start);
  const to = parseTimeOfDay(end);
  return from <= to ? minute >= from && minute <= to : minute >= from || minute <= to;
}

/**
 * Product visibility (docs/product.md#product-visibility) at the restaurant-local moment `at`
 * (see `localWeekdayAndTime`).
 * Shown only when all hold:
 * 1. not `hidden`;
 * 2. `at.time` is inside the daily schedule [scheduleStart, scheduleEnd], both ends inclusive to the
 *    minute, defaults 00:00 and 23:59 (so the default covers the whole day); start > end means the
 *    schedule runs across midnight;
 * 3. `at.weekday` is in `scheduleDays`, when the list is non-empty. The weekday checked is always the
 *    CALENDAR weekday of `at`: with a 22:00–02:00 schedule and days [5] (Friday), Friday 01:00 is
 *    shown but Saturday 01:00 is not (the after-midnight minutes do not inherit the previous day);
 * 4. when `preventSaleWithoutStock`, `stock` ≥ 1 (a missing stock counts as 0).
 * @throws DomainError `INVALID_WEEKDAY` / `INVALID_TIME` for a malformed `at` or schedule time.
 */
export function isProductVisible(product: VisibilityProduct, at: LocalMoment): boolean {
  assertWeekday(at.weekday);
  const start = product.scheduleStart || DEFAULT_SCHEDULE_START;
  const end = product.scheduleEnd || DEFAULT_SCHEDULE_END;
  const withinSchedule = isWithinDailySchedule(at.time, start, end);
  if (product.hidden === true) return false;
  if (!withinSchedule) return false;
  const days = product.scheduleDays;
  if (days && days.length > 0 && !days.includes(at.weekday)) return false;
  if (product.preventSaleWithoutStock === true && !((product.stock ?? 0) >= 1)) return false;
  return true;
}
