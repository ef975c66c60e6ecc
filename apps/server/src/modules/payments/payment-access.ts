/**
 * Who may pay and read what (docs/product.md#payments): the members of a reservation read its
 * bill, pending payments and transactions and pay (while it is not cancelled); a pending payment
 * is used, started and cancelled by its payer only (403 for another member); anything of a table
 * the caller is not at is 404 — a stranger learns nothing, not even that it exists. Staff of the
 * restaurant read its receipts and confirm or reject transfers and cash.
 */
import type { PaymentType } from '@comensal/contracts';
import { offeredPaymentTypes } from '@comensal/domain';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertMember, findReservationOrThrow, type ReservationRow } from '../reservations/index.ts';

export { readableReservation } from '../reservations/index.ts';
import {
  paymentRepository,
  type PaymentRestaurantRow,
  type PendingPaymentRow,
} from './payments-repository.ts';
import { releaseExpiredHolds } from './stale-payments.ts';

export const notYourPayment = () =>
  new AppError('FORBIDDEN', 'Only who prepared this payment may use it or cancel it');
export const paymentClosed = (status: string) =>
  new AppError('PENDING_PAYMENT_CLOSED', `This payment is ${status}: prepare a new one`, { status });

/**
 * The reservation, to a member, locked until `tx` ends (payment writes of one table run one after
 * the other), with the holds that ran out released first. A cancelled reservation takes no
 * payment (409 RESERVATION_CLOSED); one that is over still does (the bill outlives the table).
 */
export async function payableReservation(
  ctx: Pick<RequestContext, 'db' | 'now' | 'live'>,
  diner: Diner,
  reservationId: string,
  tx: DbExecutor,
): Promise<ReservationRow> {
  const reservation = await findReservationOrThrow(ctx, reservationId, { tx, lock: true });
  await assertMember(ctx, reservation, diner, tx);
  if (reservation.status === 'cancelled') {
    throw new AppError('RESERVATION_CLOSED', 'This reservation is cancelled: nothing can be paid on it');
  }
  await releaseExpiredHolds(ctx, reservation.id, tx);
  return reservation;
}

/** The restaurant's payment settings (it exists: a reservation points at it). */
export async function paymentRestaurant(
  ctx: Pick<RequestContext, 'db'>,
  restaurantId: string,
  tx: DbExecutor = ctx.db,
): Promise<PaymentRestaurantRow> {
  const restaurant = await paymentRepository(ctx.db).findRestaurant(restaurantId, tx);
  if (!restaurant) throw AppError.notFound('Restaurant');
  return restaurant;
}

/** The payment types the restaurant offers (Webpay only in CLP). */
export const offeredBy = (restaurant: PaymentRestaurantRow): PaymentType[] =>
  offeredPaymentTypes({
    currency: restaurant.currency,
    webpay: restaurant.payments.webpay,
    cash: restaurant.payments.cash,
    mobileTransfer: restaurant.payments.mobileTransfer !== null,
  });

/** 409 PAYMENT_TYPE_NOT_OFFERED unless the restaurant takes `type`. */
export function assertOffered(restaurant: PaymentRestaurantRow, type: PaymentType): void {
  const offered = offeredBy(restaurant);
  if (!offered.includes(type)) {
    throw new AppError('PAYMENT_TYPE_NOT_OFFERED', `This restaurant does not take ${type} payments`, {
      offered,
    });
  }
}

/**
 * The caller's pending payment of the reservation, locked: 404 when it is not one of the
 * reservation's, 403 when another member prepared it.
 */
export async function ownPendingPayment(
  ctx: Pick<RequestContext, 'db'>,
  diner: Diner,
  reservationId: string,
  pendingPaymentId: string,
  tx: DbExecutor,
): Promise<PendingPaymentRow> {
  const entry = isUuid(pendingPaymentId)
    ? await paymentRepository(ctx.db).lockPendingPayment(pendingPaymentId, tx)
    : null;
  if (!entry || entry.reservationId !== reservationId) throw AppError.notFound('Pending payment');
  if (entry.payerUserId !== diner.userId) throw notYourPayment();
  return entry;
}

/** 400 unless the pending payment is paid the way the endpoint pays (a cash one is not started at Webpay). */
export function assertPaidBy(entry: PendingPaymentRow, type: PaymentType): void {
  if (entry.paymentType !== type) {
    throw new AppError('VALIDATION_FAILED', `This pending payment is to be paid by ${entry.paymentType}`, {
      reason: 'PAYMENT_TYPE_MISMATCH',
      paymentType: entry.paymentType,
    });
  }
}
