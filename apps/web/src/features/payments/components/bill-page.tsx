import type { PendingPayment, Reservation, Transaction } from '@comensal/contracts';
import { Link } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { LoadingBlock } from '@/components/ui/loading-block';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useBill, useBillOrders, usePendingPayments, useTransactions } from '../api';
import { useLiveBill } from '../use-live-bill';
import { BillLines, BillSummary } from './bill-summary';
import { money } from './money';
import { PayForm } from './pay-form';
import { PendingPaymentPanel } from './pending-payment-panel';

/**
 * The diner's own payments on the table: the one being prepared (at most one is on screen: it is
 * paid or given up before choosing again) and those under way (a card payment, or a transfer or
 * cash awaiting the restaurant, while the diner may pay something else).
 */
function ownPayments(items: readonly PendingPayment[], userId: string) {
  const own = items.filter((item) => item.payer.id === userId);
  return {
    open: own.find((item) => item.status === 'open') ?? null,
    underWay: own.filter((item) => item.status === 'processing'),
  };
}

/**
 * `restaurant.reservation.confirmation`: the table's bill, live for every member — what is owed,
 * paid, awaiting confirmation and due, per diner and in total — and the diner's payment: choose
 * what to pay, the tip and the method, see the server's amounts, pay.
 */
export function BillPage({ reservation, userId }: { reservation: Reservation; userId: string }) {
  const t = useT();
  const reservationId = reservation.id;
  const bill = useBill(reservationId);
  const orders = useBillOrders(reservationId);
  const pending = usePendingPayments(reservationId);
  const transactions = useTransactions(reservationId);
  useLiveBill(reservationId);
  const queries = [bill, orders, pending, transactions] as const;
  const failed = queries.find((query) => query.isError);
  if (failed) {
    return (
      <ErrorState
        title={t('bill.error.load')}
        onRetry={() => queries.forEach((query) => void query.refetch())}
        isRetrying={queries.some((query) => query.isFetching)}
      />
    );
  }
  if (!bill.data || !orders.data || !pending.data || !transactions.data) return <LoadingBlock />;
  const country = reservation.restaurant.country;
  const mine = ownPayments(pending.data.items, userId);
  const myTransactions = transactions.data.items.filter((item) => item.payer.id === userId);
  const methods = bill.data.paymentOptions.methods;
  return (
    <>
      <p className="text-lg font-semibold">{reservation.restaurant.name}</p>
      <BillSummary bill={bill.data} country={country} />
      <BillLines orders={orders.data.items} country={country} />
      {mine.underWay.map((payment) => (
        <PendingPaymentPanel
          key={payment.id}
          payment={payment}
          orders={orders.data.items}
          options={bill.data.paymentOptions}
          country={country}
          timeZone={reservation.restaurant.timeZone}
        />
      ))}
      {mine.open ? (
        <PendingPaymentPanel
          payment={mine.open}
          orders={orders.data.items}
          options={bill.data.paymentOptions}
          country={country}
          timeZone={reservation.restaurant.timeZone}
        />
      ) : bill.data.dueMinor > bill.data.heldMinor && methods.length > 0 ? (
        <PayForm
          reservationId={reservationId}
          userId={userId}
          bill={bill.data}
          orders={orders.data.items}
          country={country}
        />
      ) : bill.data.dueMinor > 0 ? (
        <p role="status">{methods.length === 0 ? t('bill.noMethods') : t('bill.allHeld')}</p>
      ) : null}
      <MyPayments
        items={myTransactions}
        country={country}
        restaurantId={reservation.restaurantId}
        reservationId={reservationId}
      />
    </>
  );
}

function MyPayments({
  items,
  country,
  restaurantId,
  reservationId,
}: {
  items: Transaction[];
  country: string;
  restaurantId: string;
  reservationId: string;
}) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="my-payments-heading" className="flex flex-col gap-2">
      <h2 id="my-payments-heading" className="text-xl font-bold">
        {t('bill.myPayments.title')}
      </h2>
      <ul className="flex flex-col gap-2" data-testid="my-payments">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3"
          >
            <span>
              {t('bill.myPayments.line', {
                method: t(`bill.method.${item.paymentType}`),
                amount: money(item.amountMinor, country),
                tips: money(item.tipsMinor, country),
              })}{' '}
              <strong>{t(`payment.status.${item.status}`)}</strong>
              {item.status === 'rejected' && item.report?.rejectionReason ? (
                <span className="block text-sm" data-testid="rejection-reason">
                  {t('bill.myPayments.rejectedBecause', { reason: item.report.rejectionReason })}
                </span>
              ) : null}
            </span>
            {item.status === 'approved' || item.status === 'pending' ? (
              <Link
                className="font-semibold text-brand-800 underline"
                to={href('restaurant.reservation.receipt', {
                  restaurantId,
                  reservationId,
                  transactionId: item.id,
                })}
              >
                {t('bill.myPayments.receipt')}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
