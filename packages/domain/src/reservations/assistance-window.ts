import { instantMs, isActiveReservation, type Instant, type TimeRange } from './table-clash.ts';

/**
 * Calling a waiter (docs/product.md#calling-a-waiter) is offered only while the reservation is
 * happening: from {@link ASSISTANCE_LEAD_MINUTES} minutes before its start — the diners may be
 * sitting down already — until its end. Before that a call would bring a waiter to an empty table.
 */
export const ASSISTANCE_LEAD_MINUTES = 15;

const MINUTE_MS = 60_000;

/** What the rule reads of a reservation. */
export interface AssistanceReservation {
  status?: string | null;
  time: TimeRange;
}

/**
 * `open`: a waiter may be called now; `not_yet`: before the window opens (see `opensAt`);
 * `over`: the reservation ended; `cancelled`.
 */
export type AssistanceState = 'open' | 'not_yet' | 'over' | 'cancelled';

/** The instant (ms) from which a waiter may be called: start − 15 minutes. */
export function assistanceOpensAt(reservation: AssistanceReservation): number {
  return instantMs(reservation.time.start, 'start') - ASSISTANCE_LEAD_MINUTES * MINUTE_MS;
}

/**
 * Whether a waiter may be called at `now`: not cancelled and start − 15 min ≤ now < end.
 * @throws DomainError `INVALID_TIME_RANGE` for an invalid instant.
 */
export function assistanceState(reservation: AssistanceReservation, now: Instant): AssistanceState {
  const at = instantMs(now, 'now');
  const end = instantMs(reservation.time.end, 'end');
  const opensAt = assistanceOpensAt(reservation);
  if (!isActiveReservation(reservation)) return 'cancelled';
  if (at >= end) return 'over';
  return at < opensAt ? 'not_yet' : 'open';
}
