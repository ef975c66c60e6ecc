/**
 * The limits against hoarding (docs/product.md#booking-limits): the restaurant's horizon, party
 * size and current reservations per diner, no two reservations of one diner at the same time,
 * and how fast one diner and one address may book. The rules are the domain's
 * (`bookingRequestViolation`, `heldReservationsViolation`); the diner's row lock makes them hold
 * under simultaneous requests.
 */
import {
  bookingRequestViolation,
  heldReservationsViolation,
  type BookingLimits,
  type TimeRange,
} from '@comensal/domain';
import { takeToken } from '../../db/rate-limit-repository.ts';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitsOf, type Diner, type RequestContext } from '../../lib/context.ts';
import { reservationRepository } from './reservation-repository.ts';

/** 400 BOOKING_TOO_FAR_AHEAD or PARTY_TOO_LARGE when the start or the party break the restaurant's limits. */
export function checkBookingRequest(
  limits: BookingLimits,
  request: { start: Date; quantity: number; kind: 'table' | 'pickup' | 'delivery' },
  now: Date,
): void {
  const violation = bookingRequestViolation(request, limits, now);
  if (!violation) return;
  if (violation.code === 'BOOKING_TOO_FAR_AHEAD') {
    throw new AppError(
      'BOOKING_TOO_FAR_AHEAD',
      `This restaurant takes bookings up to ${violation.maxDays} days ahead`,
      { maxDays: violation.maxDays, latest: violation.latest.toISOString() },
    );
  }
  throw new AppError('PARTY_TOO_LARGE', `This restaurant takes parties of up to ${violation.max} people`, {
    max: violation.max,
  });
}

/**
 * Inside the booking's transaction: locks the diner, then 409 RESERVATION_OVERLAP when they hold
 * a reservation at an overlapping time, or RESERVATION_LIMIT when they made as many current
 * reservations at the restaurant as it allows (`request.id`: a reservation being moved).
 */
export async function checkHeldReservations(
  ctx: Pick<RequestContext, 'db'>,
  tx: DbExecutor,
  diner: Pick<Diner, 'userId' | 'isGuest'>,
  limits: BookingLimits,
  request: { id?: string; restaurantId: string; time: TimeRange },
  now: Date,
): Promise<void> {
  const repository = reservationRepository(ctx.db);
  await repository.lockDiner(diner.userId, tx);
  const held = await repository.listHeldReservations(diner.userId, now, tx);
  const violation = heldReservationsViolation(request, held, limits, diner, now);
  if (!violation) return;
  if (violation.code === 'RESERVATION_OVERLAP') {
    throw new AppError('RESERVATION_OVERLAP', 'You already have a reservation at that time', {
      reservationId: violation.reservationId,
    });
  }
  throw new AppError(
    'RESERVATION_LIMIT',
    `You have ${violation.max} upcoming reservation${violation.max === 1 ? '' : 's'} here already`,
    { max: violation.max, isGuest: diner.isGuest },
  );
}

/**
 * One booking attempt of the diner and of the address: 429 RATE_LIMITED (with
 * `details.retryAfterSeconds`) when either bucket is empty. Counted before anything is checked,
 * so refused attempts count too.
 */
export async function takeBookingToken(
  ctx: Pick<RequestContext, 'db' | 'now' | 'address' | 'limits'>,
  diner: Pick<Diner, 'userId' | 'isGuest'>,
): Promise<void> {
  const limits = limitsOf(ctx);
  const now = ctx.now();
  const perDiner = await takeToken(
    ctx.db,
    `booking:user:${diner.userId}`,
    diner.isGuest ? limits.bookingsPerGuest : limits.bookingsPerUser,
    now,
  );
  if (!perDiner.allowed) throw tooManyBookings(perDiner.retryAfterSeconds);
  if (!ctx.address) return;
  const perAddress = await takeToken(ctx.db, `booking:ip:${ctx.address}`, limits.bookingsPerAddress, now);
  if (!perAddress.allowed) throw tooManyBookings(perAddress.retryAfterSeconds);
}

const tooManyBookings = (retryAfterSeconds: number | null) =>
  new AppError('RATE_LIMITED', 'Too many bookings in a short time: wait a moment and try again', {
    retryAfterSeconds,
  });
