import { rangesOverlap, type Instant, type TimeRange } from './table-clash.ts';

/**
 * The limits a restaurant sets on bookings, so that one diner cannot hoard its tables
 * (docs/product.md#booking-limits): how far ahead, how many people, and how many current
 * reservations one diner may hold there — fewer for a guest than for a signed-in diner.
 */
export interface BookingLimits {
  /** A reservation starts at most this many days after now. */
  horizonDays: number;
  /** The largest party at a table or without one (a table's seats may allow fewer). */
  maxPartySize: number;
  /** The largest party of a pickup or a delivery (an order for that many people). */
  maxTakeawayPartySize: number;
  /** Current reservations one signed-in diner may have made at the restaurant. */
  maxPerUser: number;
  /** Current reservations one guest may have made at the restaurant. */
  maxPerGuest: number;
}

/** The defaults of every restaurant (the columns' defaults, migration 0008). */
export const DEFAULT_BOOKING_LIMITS: BookingLimits = {
  horizonDays: 60,
  maxPartySize: 20,
  maxTakeawayPartySize: 10,
  maxPerUser: 3,
  maxPerGuest: 1,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const ms = (instant: Instant) => (instant instanceof Date ? instant.getTime() : instant);

export type BookingRequestViolation =
  { code: 'BOOKING_TOO_FAR_AHEAD'; maxDays: number; latest: Date } | { code: 'PARTY_TOO_LARGE'; max: number };

/**
 * What is wrong with a booking's start and party against the restaurant's limits, or null. A
 * start exactly `horizonDays` days after now is still allowed.
 */
export function bookingRequestViolation(
  request: { start: Instant; quantity: number; kind: 'table' | 'pickup' | 'delivery' },
  limits: Pick<BookingLimits, 'horizonDays' | 'maxPartySize' | 'maxTakeawayPartySize'>,
  now: Instant,
): BookingRequestViolation | null {
  const latest = ms(now) + limits.horizonDays * DAY_MS;
  if (ms(request.start) > latest) {
    return { code: 'BOOKING_TOO_FAR_AHEAD', maxDays: limits.horizonDays, latest: new Date(latest) };
  }
  const max = request.kind === 'table' ? limits.maxPartySize : limits.maxTakeawayPartySize;
  if (request.quantity > max) return { code: 'PARTY_TOO_LARGE', max };
  return null;
}

/** A reservation the diner already holds (is a member of), as the limits read it. */
export interface HeldReservation {
  id: string;
  restaurantId: string;
  /** The diner made it (only those count towards the restaurant's limit). */
  isCreator: boolean;
  status: string;
  time: TimeRange;
}

export type HeldReservationsViolation =
  { code: 'RESERVATION_OVERLAP'; reservationId: string } | { code: 'RESERVATION_LIMIT'; max: number };

/**
 * Whether the diner may hold one more reservation (or move one, `request.id` set): not at the
 * same time as another they hold anywhere (half-open ranges: back to back is fine), and no more
 * current ones made by them at that restaurant than the limit for a guest or a user. Cancelled
 * reservations and those already over at `now` never count.
 */
export function heldReservationsViolation(
  request: { id?: string | null; restaurantId: string; time: TimeRange },
  held: readonly HeldReservation[],
  limits: Pick<BookingLimits, 'maxPerUser' | 'maxPerGuest'>,
  diner: { isGuest: boolean },
  now: Instant,
): HeldReservationsViolation | null {
  const current = held.filter(
    (reservation) =>
      reservation.id !== request.id &&
      reservation.status !== 'cancelled' &&
      ms(reservation.time.end) > ms(now),
  );
  const clash = current.find((reservation) => rangesOverlap(reservation.time, request.time));
  if (clash) return { code: 'RESERVATION_OVERLAP', reservationId: clash.id };
  if (request.id) return null; // moving one changes no count
  const max = diner.isGuest ? limits.maxPerGuest : limits.maxPerUser;
  const made = current.filter(
    (reservation) => reservation.isCreator && reservation.restaurantId === request.restaurantId,
  );
  return made.length >= max ? { code: 'RESERVATION_LIMIT', max } : null;
}
