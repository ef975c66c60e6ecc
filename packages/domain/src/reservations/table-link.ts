import { DomainError } from '../errors.ts';
import { DEFAULT_DURATION } from './durations.ts';
import {
  findClash,
  isActiveReservation,
  type ClashCandidate,
  type Instant,
  type TableRef,
  type TimeRange,
} from './table-clash.ts';

/**
 * Table links (docs/product.md#table-links): a diner opens a table's QR link. A reservation
 * holds the table "now" from {@link TABLE_LINK_LEAD_MINUTES} minutes before its start until its
 * end — the diner then asks its members to join; otherwise the table is free and a walk-in
 * reservation can start at once.
 */
export const TABLE_LINK_LEAD_MINUTES = 15;

const MINUTE_MS = 60_000;

/** What the table-link rules read of a reservation at the table. */
export interface TableLinkReservation {
  status?: string | null;
  time: TimeRange;
}

function toMs(instant: Instant, what: string): number {
  const ms = instant instanceof Date ? instant.getTime() : instant;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new DomainError('INVALID_TIME_RANGE', `${what} is not a valid instant`);
  }
  return ms;
}

/**
 * Whether the reservation is the table's current one at `now`: not cancelled and
 * start − 15 min ≤ now < end (half-open, like every reservation range).
 * @throws DomainError `INVALID_TIME_RANGE` for an invalid instant.
 */
export function isCurrentAtTable(reservation: TableLinkReservation, now: Instant): boolean {
  const at = toMs(now, 'now');
  const start = toMs(reservation.time.start, 'start');
  const end = toMs(reservation.time.end, 'end');
  return isActiveReservation(reservation) && start - TABLE_LINK_LEAD_MINUTES * MINUTE_MS <= at && at < end;
}

/**
 * The reservation a table link opens at `now`, among the table's reservations: of the current
 * ones ({@link isCurrentAtTable}), the one under way (started, not over) first, else the one
 * that starts soonest; null when none is current. Ties go to the earlier in the list.
 * @throws DomainError `INVALID_TIME_RANGE` for an invalid instant.
 */
export function currentAtTable<T extends TableLinkReservation>(
  reservations: readonly T[],
  now: Instant,
): T | null {
  const at = toMs(now, 'now');
  let best: T | null = null;
  let bestStart = Number.POSITIVE_INFINITY;
  for (const reservation of reservations) {
    if (!isCurrentAtTable(reservation, at)) continue;
    const start = toMs(reservation.time.start, 'start');
    const rank = start <= at ? Number.NEGATIVE_INFINITY : start;
    if (best === null || rank < bestStart) {
      best = reservation;
      bestStart = rank;
    }
  }
  return best;
}

/**
 * The durations a walk-in at `table` starting at `start` may take: those of `choices` (what the
 * opening window leaves, `durationChoices`) for which no active reservation at the table
 * overlaps [start, start + duration) — the table-clash rule ({@link findClash}), so a walk-in
 * ends by the start of the table's next reservation.
 * @throws DomainError `INVALID_TIME_RANGE` for an invalid instant.
 */
export function walkInDurations(
  choices: readonly number[],
  walkIn: { table: TableRef; start: Instant },
  existing: readonly ClashCandidate[],
): number[] {
  const start = toMs(walkIn.start, 'start');
  return choices.filter(
    (duration) =>
      findClash({ table: walkIn.table, time: { start, end: start + duration * MINUTE_MS } }, existing) ===
      null,
  );
}

/** A walk-in's duration when the diner picks none: 60 minutes when offered, else the longest offered. */
export function defaultWalkInDuration(choices: readonly number[]): number | null {
  if (choices.includes(DEFAULT_DURATION)) return DEFAULT_DURATION;
  return choices.length === 0 ? null : Math.max(...choices);
}
