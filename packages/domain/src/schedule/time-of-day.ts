import { DomainError } from '../errors.ts';

/** Day of the week as JavaScript numbers it: 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A wall-clock minute in the restaurant's time zone: weekday + 'HH:mm' (24-hour). */
export interface LocalMoment {
  weekday: number;
  time: string;
}

export const MINUTES_PER_DAY = 24 * 60;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): boolean {
  return TIME_PATTERN.test(value);
}

/**
 * 'HH:mm' (00:00–23:59, two digits each) → minutes since midnight (0–1439).
 * @throws DomainError `INVALID_TIME`
 */
export function parseTimeOfDay(time: string): number {
  const known = parsedTimes.get(time);
  if (known !== undefined) return known;
  const match = TIME_PATTERN.exec(time);
  if (!match) throw new DomainError('INVALID_TIME', `time must be HH:mm (00:00–23:59), got "${time}"`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  parsedTimes.set(time, minutes);
  return minutes;
}

/**
 * Times already parsed: a booking form's 60 days check each quarter hour against each window, so
 * the same few strings are parsed thousands of times. At most 1,440 entries (every valid time).
 */
const parsedTimes = new Map<string, number>();

/** Minutes since midnight → 'HH:mm'; wraps around the day (1440 → '00:00', -15 → '23:45'). */
export function formatTimeOfDay(minutes: number): string {
  if (!Number.isSafeInteger(minutes))
    throw new DomainError('INVALID_TIME', `minutes must be an integer, got ${minutes}`);
  const wrapped = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hours = Math.floor(wrapped / 60);
  return `${String(hours).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}

/** @throws DomainError `INVALID_WEEKDAY` unless `value` is an integer 0–6. */
export function assertWeekday(value: unknown): asserts value is Weekday {
  if (!isWeekday(value))
    throw new DomainError('INVALID_WEEKDAY', `weekday must be an integer 0–6, got ${String(value)}`);
}

/** The weekday before `weekday` (Sunday → Saturday). */
export function previousWeekday(weekday: Weekday): Weekday {
  return ((weekday + 6) % 7) as Weekday;
}
