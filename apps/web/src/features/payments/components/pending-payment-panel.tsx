import type { Order, PaymentOptions, PendingPayment } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { trackHere } from '@/lib/analytics/track';
import { useLocalized, useT } from '@/lib/i18n';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { billRootKey, cancelPendingPayment, payCash, startWebpay } from '../api';
import { paymentErrorMessage } from '../payment-errors';
import { postToWebpay } from '../webpay-redirect';
import { lineName } from './bill-summary';
import { money } from './money';
import { TransferForm } from './transfer-form';
import { Facts } from './facts';

/**
 * The diner's payment as the server planned it (amount, tip, total and the lines it covers) and
 * the way to pay it: Webpay, the Pago Móvil form, or "I'll pay the waiter"; or give it up.
 */
export function PendingPaymentPanel({
  payment,
  orders,
  options,
  country,
  timeZone,
}: {
  payment: PendingPayment;
  orders: Order[];
  options: PaymentOptions;
  country: string;
  /** The restaurant's, for the Pago Móvil form's dates. */
  timeZone: string;
}) {
  const t = useT();
  const localized = useLocalized();
  const queryClient = useQueryClient();
  const headingId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: billRootKey(payment.reservationId) });
  const byId = new Map(orders.map((order) => [order.id, order]));

  // one key per tap on "pay", kept across the retries of that tap (lib/idempotency.ts)
  const webpay = useMutation({
    mutationFn: (key: string) => startWebpay(payment.id, key),
    retry: retryUnanswered,
    onSuccess: ({ url, token }) => {
      trackHere({ name: 'pay', method: 'webpay' });
      postToWebpay(url, token);
    },
  });
  const cash = useMutation({
    mutationFn: (key: string) => payCash(payment.reservationId, payment.id, key),
    retry: retryUnanswered,
    onSuccess: () => trackHere({ name: 'pay', method: 'cash' }),
    onSettled: refresh,
  });
  const cancel = useMutation({
    mutationFn: () => cancelPendingPayment(payment.reservationId, payment.id),
    onSettled: refresh,
  });
  const failed = webpay.error ?? cash.error ?? cancel.error;
  const busy = webpay.isPending || webpay.isSuccess || cash.isPending || cancel.isPending;
  const underWay = payment.status === 'processing';

  return (
    <section
      aria-labelledby={headingId}
      data-testid="pending-payment"
      className="flex flex-col gap-4 rounded-2xl border-2 border-brand-700 bg-white p-4"
    >
      <h2 id={headingId} className="text-xl font-bold">
        {t('bill.pending.title')}
      </h2>
      <Facts
        rows={[
          { label: t('bill.pending.amount'), value: money(payment.amountMinor, country) },
          { label: t('bill.pending.tip'), value: money(payment.tipsMinor, country) },
          {
            label: t('bill.pending.total'),
            value: money(payment.totalMinor, country),
            strong: true,
            testId: 'pending-total',
          },
        ]}
      />
      <div>
        <p className="font-semibold">{t('bill.pending.covers')}</p>
        <ul className="text-sm">
          {payment.allocations.map((allocation) => {
            const order = byId.get(allocation.orderId);
            return (
              <li key={allocation.orderId}>
                {t('bill.pending.coversLine', {
                  name: order ? lineName(order, localized, t) : '—',
                  amount: money(allocation.amountMinor, country),
                })}
              </li>
            );
          })}
        </ul>
      </div>
      <p className="text-sm text-ink-muted">{t(`bill.method.${payment.paymentType}`)}</p>

      {underWay && payment.transaction?.status === 'pending' && payment.paymentType !== 'webpay' ? (
        <p
          role="status"
          data-testid="awaiting-confirmation"
          className="rounded-xl bg-amber-50 p-3 font-semibold"
        >
          {t(payment.paymentType === 'cash' ? 'bill.pending.awaitingCash' : 'bill.pending.awaitingTransfer')}
        </p>
      ) : payment.paymentType === 'webpay' ? (
        <Button size="lg" block disabled={busy} onClick={() => webpay.mutate(newIdempotencyKey())}>
          {underWay
            ? t('bill.pending.webpayContinue')
            : t('bill.pending.webpay', { total: money(payment.totalMinor, country) })}
        </Button>
      ) : payment.paymentType === 'cash' ? (
        <Button size="lg" block disabled={busy} onClick={() => cash.mutate(newIdempotencyKey())}>
          {t('bill.pending.cash')}
        </Button>
      ) : options.mobileTransfer ? (
        <TransferForm
          payment={payment}
          payee={options.mobileTransfer}
          country={country}
          timeZone={timeZone}
        />
      ) : null}

      {failed ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-medium">
          {t(paymentErrorMessage(failed))}
        </p>
      ) : null}
      {payment.status === 'open' ? (
        <Button variant="ghost" disabled={busy} onClick={() => cancel.mutate()}>
          {t('bill.pending.cancel')}
        </Button>
      ) : null}
    </section>
  );
}
