/**
 * Who may do what with a reservation (docs/product.md#permissions): members (its `users`) read it,
 * call assistance, clear the ready flag and leave; only the creator (`createdBy`) modifies, cancels
 * and invites. Nobody else reads it: 403 FORBIDDEN. Unknown or malformed ids are 404.
 */
import type { Reservation } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { DbExecutor } from '../../db/client.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { isCurrentReservation, toReservation } from './mappers.ts';
import {
  reservationRepository,
  type BookingRestaurantRow,
  type ReservationRow,
} from './reservation-repository.ts';

export const notMember = () => new AppError('FORBIDDEN', 'Only the members of this reservation may do this');
export const notCreator = () =>
  new AppError('FORBIDDEN', 'Only the person who made this reservation may do this');
export const reservationClosed = () =>
  new AppError('RESERVATION_CLOSED', 'This reservation is cancelled or over and can no longer change');

/** The restaurant with what the booking rules read, or 404 (unknown or malformed id). */
export async function findRestaurantOrThrow(
  ctx: Pick<RequestContext, 'db'>,
  id: string,
): Promise<BookingRestaurantRow> {
  const restaurant = isUuid(id) ? await reservationRepository(ctx.db).findRestaurant(id) : null;
  if (!restaurant) throw AppError.notFound('Restaurant');
  return restaurant;
}

/** The reservation, or 404. Inside a transaction with `lock`, its row stays locked until the end. */
export async function findReservationOrThrow(
  ctx: Pick<RequestContext, 'db'>,
  id: string,
  options: { tx?: DbExecutor; lock?: boolean } = {},
): Promise<ReservationRow> {
  const repository = reservationRepository(ctx.db);
  const tx = options.tx ?? ctx.db;
  if (!isUuid(id)) throw AppError.notFound('Reservation');
  if (options.lock && !(await repository.lock(id, tx))) throw AppError.notFound('Reservation');
  const row = await repository.findById(id, tx);
  if (!row) throw AppError.notFound('Reservation');
  return row;
}

export async function assertMember(
  ctx: Pick<RequestContext, 'db'>,
  row: ReservationRow,
  diner: Diner,
  tx: DbExecutor = ctx.db,
): Promise<void> {
  if (!(await reservationRepository(ctx.db).isMember(row.id, diner.userId, tx))) throw notMember();
}

/** The reservation, to a member: 404 unknown or malformed, 403 not a member. */
export async function readableReservation(
  ctx: Pick<RequestContext, 'db'>,
  diner: Diner,
  reservationId: string,
  tx: DbExecutor = ctx.db,
): Promise<ReservationRow> {
  const reservation = await findReservationOrThrow(ctx, reservationId, { tx });
  await assertMember(ctx, reservation, diner, tx);
  return reservation;
}

export function assertCreator(row: ReservationRow, diner: Diner): void {
  if (row.createdBy !== diner.userId) throw notCreator();
}

export function assertCurrent(row: ReservationRow, now: Date): void {
  if (!isCurrentReservation(row, now)) throw reservationClosed();
}

/** The reservation as members read it (fresh from the database). */
export async function readReservation(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  id: string,
  tx: DbExecutor = ctx.db,
): Promise<Reservation> {
  const repository = reservationRepository(ctx.db);
  const row = await repository.findById(id, tx);
  if (!row) throw AppError.notFound('Reservation');
  return toReservation(row, await repository.listMembers([id], tx), ctx.now());
}

/** The user ids of the reservation's members. */
export async function memberIds(
  ctx: Pick<RequestContext, 'db'>,
  reservationId: string,
  tx: DbExecutor,
): Promise<string[]> {
  return (await reservationRepository(ctx.db).listMembers([reservationId], tx)).map((m) => m.userId);
}
