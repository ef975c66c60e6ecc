import { DomainError } from '../errors.ts';
import { formatTimeOfDay, parseTimeOfDay, type Weekday } from './time-of-day.ts';

/** A wall-clock minute in a given time zone, with its calendar date. */
export interface LocalDateTime {
  weekday: Weekday;
  /** 'HH:mm', 24-hour; seconds are dropped (10:59:59 → '10:59'). */
  time: string;
  /** 'YYYY-MM-DD' */
  date: string;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new DomainError('INVALID_TIME_ZONE', `unknown time zone "${timeZone}"`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** @throws DomainError `INVALID_TIME_ZONE` unless `timeZone` is an IANA zone this runtime knows. */
export function assertTimeZone(timeZone: string): void {
  wallClockFormatter(timeZone);
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Wall clocks already read, per zone and instant: a booking form's 60 days read the same instants
 * again (each day's neighbours), and `formatToParts` is the dearest step here (a few µs each, ×4
 * on a slow phone). Bounded; a pure function's answers, so forgetting them changes nothing.
 */
const wallClocks = new Map<string, WallClock>();
const WALL_CLOCKS_KEPT = 2048;

function wallClock(epochMs: number, timeZone: string): WallClock {
  const key = `${timeZone} ${epochMs}`;
  const known = wallClocks.get(key);
  if (known) return known;
  const values: Record<string, number> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const wall: WallClock = Object.freeze({
    year: values.year ?? Number.NaN,
    month: values.month ?? Number.NaN,
    day: values.day ?? Number.NaN,
    hour: values.hour ?? Number.NaN,
    minute: values.minute ?? Number.NaN,
    second: values.second ?? Number.NaN,
  });
  if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.clear();
  wallClocks.set(key, wall);
  return wall;
}

function utcMsOfWall(wall: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day); // setUTCFullYear keeps years 0–99 literal
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(date);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (match) {
    const check = new Date(utcMsOfWall({ year, month, day, hour: 0, minute: 0, second: 0 }));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  throw new DomainError('INVALID_DATE', `date must be a real calendar date YYYY-MM-DD, got "${date}"`);
}

function assertInstant(instant: Date): number {
  const ms = instant instanceof Date ? instant.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new DomainError('INVALID_TIME', 'instant must be a valid Date');
  return ms;
}

/**
 * The wall-clock weekday, 'HH:mm' and 'YYYY-MM-DD' of `instant` in the IANA `timeZone`
 * (e.g. the restaurant's zone). Pure: the instant is passed in, nothing reads the clock.
 * @throws DomainError `INVALID_TIME` for an invalid Date, `INVALID_TIME_ZONE` for an unknown zone.
 */
export function localWeekdayAndTime(instant: Date, timeZone: string): LocalDateTime {
  const wall = wallClock(assertInstant(instant), timeZone);
  return {
    weekday: weekdayOfDate(formatDate(wall.year, wall.month, wall.day)),
    time: formatTimeOfDay(wall.hour * 60 + wall.minute),
    date: formatDate(wall.year, wall.month, wall.day),
  };
}

/** Weekday (0 = Sunday) of a calendar date 'YYYY-MM-DD'. @throws DomainError `INVALID_DATE` */
export function weekdayOfDate(date: string): Weekday {
  const { year, month, day } = parseDate(date);
  return new Date(utcMsOfWall({ year, month, day, hour: 0, minute: 0, second: 0 })).getUTCDay() as Weekday;
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no time zone involved). @throws DomainError `INVALID_DATE` */
export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days))
    throw new DomainError('INVALID_DATE', `days must be an integer, got ${days}`);
  const { year, month, day } = parseDate(date);
  const shifted = new Date(
    utcMsOfWall({ year, month, day, hour: 0, minute: 0, second: 0 }) + days * MS_PER_DAY,
  );
  return formatDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `time` — e.g. a reservation's
 * date and startAt in the restaurant's zone → the UTC timestamp to store.
 * Daylight-saving edges follow Temporal's "compatible" disambiguation:
 * - a time skipped by a spring-forward gap is moved forward by the gap's length
 *   (Santiago 2024-09-08 00:30 does not exist → the instant shown as 01:30);
 * - a time repeated by a fall-back overlap takes the EARLIER of the two instants.
 * @throws DomainError `INVALID_DATE`, `INVALID_TIME` or `INVALID_TIME_ZONE`.
 */
export function instantFromLocal(date: string, time: string, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const minutes = parseTimeOfDay(time);
  const localMs = utcMsOfWall({
    year,
    month,
    day,
    hour: Math.floor(minutes / 60),
    minute: minutes % 60,
    second: 0,
  });
  const offsetAt = (epochMs: number): number => utcMsOfWall(wallClock(epochMs, timeZone)) - epochMs;

  const offsetBefore = offsetAt(localMs - MS_PER_DAY);
  const offsetAfter = offsetAt(localMs + MS_PER_DAY);
  const candidates = [localMs - offsetBefore, localMs - offsetAfter].filter(
    (candidate) => candidate + offsetAt(candidate) === localMs,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // In a gap: read the wall time with the offset in force before the transition, which lands after it.
  return new Date(localMs - offsetBefore);
}
