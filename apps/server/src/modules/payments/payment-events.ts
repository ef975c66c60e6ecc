/**
 * Live events of payments (contracts PAYMENT_EVENTS) on `reservation:<id>`, the members' topic:
 * `payment.pending_changed` and `payment.transaction_changed` with `{ reservationId,
 * pendingPaymentId, transactionId }`, published inside the writing transaction (they leave after
 * the commit, never on a rollback). Ids only: members refetch the bill. Every transaction change
 * also reaches the restaurant's staff (`staff.payment_changed` on `restaurant-staff:<id>`, with its
 * status: a pending one is a transfer or cash to confirm).
 */
import {
  PAYMENT_EVENTS,
  reservationTopic,
  STAFF_EVENTS,
  staffTopic,
  type PaymentEventData,
  type StaffEventData,
  type TransactionStatus,
} from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';

export async function publishPendingChanged(
  ctx: Pick<RequestContext, 'live'>,
  tx: DbExecutor,
  reservationId: string,
  pendingPaymentId: string,
): Promise<void> {
  const data: PaymentEventData = { reservationId, pendingPaymentId, transactionId: null };
  await ctx.live.publish(
    { channel: reservationTopic(reservationId), event: PAYMENT_EVENTS.pendingChanged, data },
    tx,
  );
}

export async function publishTransactionChanged(
  ctx: Pick<RequestContext, 'live'>,
  tx: DbExecutor,
  transaction: {
    reservationId: string;
    restaurantId: string;
    id: string;
    pendingPaymentId: string | null;
    status: TransactionStatus;
  },
): Promise<void> {
  const data: PaymentEventData = {
    reservationId: transaction.reservationId,
    pendingPaymentId: transaction.pendingPaymentId,
    transactionId: transaction.id,
  };
  await ctx.live.publish(
    { channel: reservationTopic(transaction.reservationId), event: PAYMENT_EVENTS.transactionChanged, data },
    tx,
  );
  const staffData: StaffEventData = {
    restaurantId: transaction.restaurantId,
    reservationId: transaction.reservationId,
    transactionId: transaction.id,
    pendingPaymentId: transaction.pendingPaymentId,
    transactionStatus: transaction.status,
  };
  await ctx.live.publish(
    { channel: staffTopic(transaction.restaurantId), event: STAFF_EVENTS.paymentChanged, data: staffData },
    tx,
  );
}
