import { DomainError } from '../errors.ts';

/**
 * Statuses: confirmed on creation · seated · completed · cancelled; active = not cancelled
 * (docs/product.md#reservation-states).
 */
export const RESERVATION_STATUSES = ['confirmed', 'seated', 'completed', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** An instant as a Date or epoch milliseconds. */
export type Instant = Date | number;

/** A half-open time range [start, end): it includes `start` and excludes `end`. */
export interface TimeRange {
  start: Instant;
  end: Instant;
}

/** Which table: the room and the table inside it. */
export interface TableRef {
  roomId: string;
  tableId: string;
}

/** The reservation fields the clash rule reads (a full reservation row satisfies it). */
export interface ClashCandidate {
  id?: string | null;
  status?: string | null;
  table?: TableRef | null;
  time: TimeRange;
}

/** The reservation being created or moved; `id` set when modifying, so it never clashes with itself. */
export interface ClashRequest {
  id?: string | null;
  table?: TableRef | null;
  time: TimeRange;
}

export function isReservationStatus(value: string): value is ReservationStatus {
  return (RESERVATION_STATUSES as readonly string[]).includes(value);
}

/** Active = any status other than `cancelled` (docs/product.md#reservation-states). */
export function isActiveReservation(reservation: { status?: string | null }): boolean {
  return reservation.status !== 'cancelled';
}

/** An instant as epoch milliseconds; `what` names it in the error. @throws DomainError `INVALID_TIME_RANGE`. */
export function instantMs(instant: Instant, what: string): number {
  const ms = instant instanceof Date ? instant.getTime() : instant;
  if (typeof ms !== 'number' || !Number.isFinite(ms))
    throw new DomainError('INVALID_TIME_RANGE', `${what} is not a valid instant`);
  return ms;
}

function rangeMs(range: TimeRange): [number, number] {
  const start = instantMs(range.start, 'start');
  const end = instantMs(range.end, 'end');
  if (end <= start) throw new DomainError('INVALID_TIME_RANGE', 'a time range must end after it starts');
  return [start, end];
}

/**
 * Whether two half-open ranges [start, end) share at least one instant: a.start < b.end && b.start < a.end.
 * Ranges that only touch do NOT overlap: 12:00–13:00 and 13:00–14:00 can book the same table back to back
 * (the same semantics as PostgreSQL's default `tstzrange '[)'` used by the exclusion constraint).
 * @throws DomainError `INVALID_TIME_RANGE` for an invalid instant or a range whose end is not after its start.
 */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  const [aStart, aEnd] = rangeMs(a);
  const [bStart, bEnd] = rangeMs(b);
  return aStart < bEnd && bStart < aEnd;
}

export function isSameTable(a: TableRef | null | undefined, b: TableRef | null | undefined): boolean {
  return a != null && b != null && a.roomId === b.roomId && a.tableId === b.tableId;
}

/**
 * The table clash (docs/product.md#table-clash) as a pure rule (the database enforces the same with
 * an exclusion constraint; this one serves availability display and early feedback). Returns the
 * first existing reservation that
 * - is for the same roomId AND tableId,
 * - is not cancelled,
 * - is not the request itself (same `id`, when both have one),
 * - and whose [start, end) overlaps the request's [start, end) (touching is not a clash);
 * otherwise null. A request without a table (pickup, delivery) never clashes. Any overlap is a
 * clash, not only one on the same day (see the Gap note of docs/product.md#table-clash).
 * @throws DomainError `INVALID_TIME_RANGE` for an invalid range.
 */
export function findClash<T extends ClashCandidate>(request: ClashRequest, existing: readonly T[]): T | null {
  rangeMs(request.time);
  if (!request.table) return null;
  for (const reservation of existing) {
    if (!isActiveReservation(reservation)) continue;
    if (request.id != null && reservation.id === request.id) continue;
    if (!isSameTable(request.table, reservation.table)) continue;
    if (rangesOverlap(request.time, reservation.time)) return reservation;
  }
  return null;
}

/**
 * For the availability answer: each table with `free` = no clash for `time`
 * (docs/product.md#booking-rules).
 */
export function markFreeTables<T extends TableRef>(
  tables: readonly T[],
  time: TimeRange,
  existing: readonly ClashCandidate[],
): Array<T & { free: boolean }> {
  return tables.map((table) => ({
    ...table,
    free: findClash({ table: { roomId: table.roomId, tableId: table.tableId }, time }, existing) === null,
  }));
}
