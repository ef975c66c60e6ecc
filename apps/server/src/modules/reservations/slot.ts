/**
 * The time rules of a reservation (docs/product.md#booking-rules), in the restaurant's time zone
 * (docs/product.md#times-and-time-zones):
 * - `startAt` lies inside an opening window of that date's weekday (or the after-midnight part
 *   of the previous day's window);
 * - the duration is 15–120 minutes in steps of 15 and ends by the window's close;
 * - the start is not in the past.
 *
 * A walk-in (docs/product.md#table-links) books the current minute: `startsNow` takes the date
 * and start from `now` in the restaurant's zone and the start instant from `now` with its
 * seconds dropped — a minute that has begun, so not "in the past" — and then the same opening
 * and duration rules apply.
 */
import {
  durationChoices,
  instantFromLocal,
  localWeekdayAndTime,
  openingWindowFor,
  weekdayOfDate,
  type OpeningHours,
} from '@comensal/domain';
import type { ReservationRuleReason } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';

export type SlotProblem = Extract<
  ReservationRuleReason,
  'OUTSIDE_OPENING_HOURS' | 'DURATION_OUTSIDE_WINDOW' | 'IN_THE_PAST'
>;

export interface SlotAnalysis {
  start: Date;
  end: Date;
  /** Durations that fit inside the opening window; [] when closed at `startAt`. */
  durations: number[];
  /** null when the slot can be booked. */
  problem: SlotProblem | null;
}

export interface SlotRequest {
  date: string;
  startAt: string;
  duration: number;
}

export interface SlotOptions {
  /** The start may be before now (extending a reservation that already started). */
  allowPastStart?: boolean;
  /**
   * A walk-in: the slot is the current minute. The request's `date` and `startAt` are replaced by
   * now's in the restaurant's zone; the start is now with its seconds dropped (exact also in the
   * hour a clock change repeats) and is not "in the past".
   */
  startsNow?: boolean;
}

const MINUTE_MS = 60_000;

/** The current minute: `now` with its seconds dropped (every zone's offset is whole minutes). */
export const startOfMinute = (now: Date): Date => new Date(now.getTime() - (now.getTime() % MINUTE_MS));

/** The current minute in the restaurant's zone as a slot of `duration`: a walk-in's (with `startsNow`). */
export function nowSlot(restaurant: { timeZone: string }, now: Date, duration: number): SlotRequest {
  const local = localWeekdayAndTime(now, restaurant.timeZone);
  return { date: local.date, startAt: local.time, duration };
}

/** Checks a slot without throwing (availability shows the reason). */
export function analyzeSlot(
  restaurant: { timeZone: string; openingHours: OpeningHours },
  request: SlotRequest,
  now: Date,
  options: SlotOptions = {},
): SlotAnalysis {
  const slot = options.startsNow ? nowSlot(restaurant, now, request.duration) : request;
  const start = options.startsNow
    ? startOfMinute(now)
    : instantFromLocal(slot.date, slot.startAt, restaurant.timeZone);
  const end = new Date(start.getTime() + slot.duration * MINUTE_MS);
  const window = openingWindowFor(restaurant.openingHours, weekdayOfDate(slot.date), slot.startAt);
  const durations = window ? durationChoices(slot.startAt, window.close) : [];
  let problem: SlotProblem | null = null;
  if (!window) problem = 'OUTSIDE_OPENING_HOURS';
  else if (!durations.includes(slot.duration)) problem = 'DURATION_OUTSIDE_WINDOW';
  else if (!options.allowPastStart && !options.startsNow && start.getTime() < now.getTime()) {
    problem = 'IN_THE_PAST';
  }
  return { start, end, durations, problem };
}

const PROBLEM_MESSAGES: Record<SlotProblem, string> = {
  OUTSIDE_OPENING_HOURS: 'The restaurant is closed at that time',
  DURATION_OUTSIDE_WINDOW: 'The reservation must end by closing time',
  IN_THE_PAST: 'That time has already passed',
};

export function ruleViolation(reason: ReservationRuleReason, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { reason });
}

/** The slot's instants, or 400 VALIDATION_FAILED with `details.reason`. */
export function resolveSlot(
  restaurant: { timeZone: string; openingHours: OpeningHours },
  slot: SlotRequest,
  now: Date,
  options: SlotOptions = {},
): { start: Date; end: Date } {
  const analysis = analyzeSlot(restaurant, slot, now, options);
  if (analysis.problem) {
    const error = ruleViolation(analysis.problem, PROBLEM_MESSAGES[analysis.problem]);
    (error.details as Record<string, unknown>).durations = analysis.durations;
    throw error;
  }
  return { start: analysis.start, end: analysis.end };
}

/** Restaurant-local date, start and duration of a stored reservation. */
export function localSlot(
  startsAt: Date,
  endsAt: Date,
  timeZone: string,
): { date: string; startAt: string; duration: number } {
  const local = localWeekdayAndTime(startsAt, timeZone);
  return {
    date: local.date,
    startAt: local.time,
    duration: Math.round((endsAt.getTime() - startsAt.getTime()) / MINUTE_MS),
  };
}
