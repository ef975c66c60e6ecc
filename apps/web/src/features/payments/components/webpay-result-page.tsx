import type { Reservation, WebpayResult } from '@comensal/contracts';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { ErrorState } from '@/components/errors/error-state';
import { NotFound } from '@/components/errors/not-found';
import { LoadingBlock } from '@/components/ui/loading-block';
import { isClientError } from '@/lib/api-client';
import { useBillOrders, useWebpayResult } from '../api';
import { money } from './money';
import { PaidLines } from './paid-lines';
import { Facts } from './facts';

const TITLES = {
  pending: 'webpay.result.pending.title',
  approved: 'webpay.result.approved.title',
  rejected: 'webpay.result.rejected.title',
  aborted: 'webpay.result.aborted.title',
  timed_out: 'webpay.result.timed_out.title',
} as const satisfies Record<WebpayResult['status'], string>;

const TEXTS = {
  pending: 'webpay.result.pending.text',
  approved: 'webpay.result.approved.text',
  rejected: 'webpay.result.rejected.text',
  aborted: 'webpay.result.aborted.text',
  timed_out: 'webpay.result.timed_out.text',
} as const satisfies Record<WebpayResult['status'], string>;

/**
 * `restaurant.reservation.successful` (`payment_successful/:token_ws`): where Webpay sends the
 * diner back. Shows the result the server stored, in the diner's language: approved (amount,
 * card, authorization code, what was paid), rejected, aborted or timed out (try again, or pay
 * another way).
 */
export function WebpayResultPage({ reservation, token }: { reservation: Reservation; token: string }) {
  const t = useT();
  const result = useWebpayResult(token);
  const orders = useBillOrders(reservation.id);
  const ids = { restaurantId: reservation.restaurantId, reservationId: reservation.id };
  const country = reservation.restaurant.country;
  if (result.isError) {
    return isClientError(result.error) ? (
      <NotFound
        title={t('webpay.result.notFound.title')}
        message={t('webpay.result.notFound.message')}
        headingLevel={2}
      />
    ) : (
      <ErrorState
        title={t('bill.error.load')}
        onRetry={() => void result.refetch()}
        isRetrying={result.isFetching}
      />
    );
  }
  if (!result.data) return <LoadingBlock />;
  const { status } = result.data;
  return (
    <div data-testid="webpay-result" data-status={status} className="flex flex-col gap-4">
      <div
        role="status"
        className={`rounded-2xl border-2 p-4 ${
          status === 'approved' ? 'border-green-700 bg-green-50' : 'border-amber-600 bg-amber-50'
        }`}
      >
        <h2 className="text-2xl font-bold">{t(TITLES[status])}</h2>
        <p className="mt-2 text-lg">{t(TEXTS[status])}</p>
      </div>
      {status === 'approved' ? (
        <>
          <Facts
            className="rounded-2xl bg-white p-4"
            rows={[
              { label: t('receipt.amount'), value: money(result.data.amountMinor, country) },
              { label: t('receipt.tip'), value: money(result.data.tipsMinor, country) },
              {
                label: t('receipt.card'),
                value: t('receipt.cardLast4', { last4: result.data.cardLast4 ?? '—' }),
              },
              {
                label: t('receipt.authorizationCode'),
                value: result.data.authorizationCode ?? '—',
                testId: 'authorization-code',
              },
              { label: t('receipt.points'), value: result.data.pointsEarned },
            ]}
          />
          <h3 className="text-lg font-bold">{t('receipt.paidLines')}</h3>
          <PaidLines orderIds={result.data.orderIds} orders={orders.data?.items ?? []} country={country} />
          <Link
            to={href('restaurant.reservation.receipt', { ...ids, transactionId: result.data.transactionId })}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            {t('bill.myPayments.receipt')}
          </Link>
        </>
      ) : status === 'pending' ? (
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary' })}
          onClick={() => void result.refetch()}
        >
          {t('webpay.result.refresh')}
        </button>
      ) : null}
      <Link to={href('restaurant.reservation.confirmation', ids)} className={buttonClasses({ size: 'lg' })}>
        {status === 'approved' ? t('webpay.result.backToBill') : t('webpay.result.tryAgain')}
      </Link>
    </div>
  );
}
