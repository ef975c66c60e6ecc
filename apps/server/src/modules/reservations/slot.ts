/**
 * The time rules of a reservation (docs/product.md#booking-rules), in the restaurant's time zone
 * (docs/product.md#times-and-time-zones):
 * - `startAt` lies inside an opening window of that date's weekday (or the after-midnight part
 *   of the previous day's window);
 * - the duration is 15–120 minutes in steps of 15 and ends by the window's close;
 * - the start is not in the past.
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

const MINUTE_MS = 60_000;

/** Checks a slot without throwing (availability shows the reason). */
export function analyzeSlot(
  restaurant: { timeZone: string; openingHours: OpeningHours },
  slot: SlotRequest,
  now: Date,
  options: { allowPastStart?: boolean } = {},
): SlotAnalysis {
  const start = instantFromLocal(slot.date, slot.startAt, restaurant.timeZone);
  const end = new Date(start.getTime() + slot.duration * MINUTE_MS);
  const window = openingWindowFor(restaurant.openingHours, weekdayOfDate(slot.date), slot.startAt);
  const durations = window ? durationChoices(slot.startAt, window.close) : [];
  let problem: SlotProblem | null = null;
  if (!window) problem = 'OUTSIDE_OPENING_HOURS';
  else if (!durations.includes(slot.duration)) problem = 'DURATION_OUTSIDE_WINDOW';
  else if (!options.allowPastStart && start.getTime() < now.getTime()) problem = 'IN_THE_PAST';
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
  options: { allowPastStart?: boolean } = {},
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
