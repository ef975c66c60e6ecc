import type { Reservation } from '@comensal/contracts';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale, useT } from '@/lib/i18n';
import { ErrorState } from '@/components/errors/error-state';
import { LoadingBlock } from '@/components/ui/loading-block';
import { NotFound } from '@/components/errors/not-found';
import { useBillOrders, useTransactions } from '../api';
import { money } from './money';
import { PaidLines } from './paid-lines';
import { Facts } from './facts';

/**
 * `restaurant.reservation.receipt`: one payment as a receipt the diner can print or save as PDF
 * with the browser (print styles drop the app's frame).
 */
export function ReceiptPage({
  reservation,
  transactionId,
}: {
  reservation: Reservation;
  transactionId: string;
}) {
  const t = useT();
  const { locale } = useLocale();
  const transactions = useTransactions(reservation.id);
  const orders = useBillOrders(reservation.id);
  const failed = [transactions, orders].find((query) => query.isError);
  if (failed) {
    return (
      <ErrorState
        title={t('bill.error.load')}
        onRetry={() => void failed.refetch()}
        isRetrying={failed.isFetching}
      />
    );
  }
  if (!transactions.data || !orders.data) return <LoadingBlock />;
  const item = transactions.data.items.find((candidate) => candidate.id === transactionId);
  if (!item) {
    return (
      <NotFound
        title={t('receipt.notFound.title')}
        message={t('receipt.notFound.message')}
        headingLevel={2}
      />
    );
  }
  const country = reservation.restaurant.country;
  return (
    <article data-testid="receipt" className="flex flex-col gap-4 rounded-2xl bg-white p-4 print:p-0">
      <header>
        <h2 className="text-2xl font-bold">{reservation.restaurant.name}</h2>
        <p>{reservation.restaurant.address}</p>
        <p>{formatDateTime(new Date(item.createdAt), locale)}</p>
      </header>
      <Facts
        rows={[
          { label: t('receipt.payer'), value: item.payer.displayName },
          { label: t('receipt.method'), value: t(`bill.method.${item.paymentType}`) },
          { label: t('receipt.status'), value: t(`payment.status.${item.status}`) },
          { label: t('receipt.amount'), value: money(item.amountMinor, country) },
          { label: t('receipt.tip'), value: money(item.tipsMinor, country) },
          item.card
            ? { label: t('receipt.card'), value: t('receipt.cardLast4', { last4: item.card.last4 }) }
            : null,
          item.card ? { label: t('receipt.authorizationCode'), value: item.card.authorizationCode } : null,
          item.report?.reference ? { label: t('receipt.reference'), value: item.report.reference } : null,
          { label: t('receipt.points'), value: item.pointsEarned },
        ]}
      />
      <h3 className="text-lg font-bold">{t('receipt.paidLines')}</h3>
      <PaidLines
        orderIds={item.orderIds}
        allocations={item.allocations}
        orders={orders.data.items}
        country={country}
      />
      <div className="flex flex-col gap-2 sm:flex-row print:hidden">
        <Button size="lg" onClick={() => window.print()}>
          {t('receipt.print')}
        </Button>
        <Link
          to={href('restaurant.reservation.confirmation', {
            restaurantId: reservation.restaurantId,
            reservationId: reservation.id,
          })}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          {t('webpay.result.backToBill')}
        </Link>
      </div>
    </article>
  );
}
