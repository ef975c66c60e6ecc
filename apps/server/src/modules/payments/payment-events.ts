/**
 * Live events of payments (contracts PAYMENT_EVENTS) on `reservation:<id>`, the members' topic:
 * `payment.pending_changed` and `payment.transaction_changed` with `{ reservationId,
 * pendingPaymentId, transactionId }`, published inside the writing transaction (they leave after
 * the commit, never on a rollback). Ids only: members refetch the bill.
 */
import { PAYMENT_EVENTS, reservationTopic, type PaymentEventData } from '@comensal/contracts';
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
  transaction: { reservationId: string; id: string; pendingPaymentId: string | null },
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
}
