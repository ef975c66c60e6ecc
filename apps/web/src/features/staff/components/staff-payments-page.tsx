import type { StaffRestaurant } from '@comensal/contracts';
import { staffTopic } from '@comensal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '@/components/errors/error-state';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/live';
import { staffTransactionsRootKey, useStaffTransactions } from '../api/staff-transactions';
import { TransactionCard } from './transaction-card';

/** `staff.payments`: transfers and cash to confirm, live. */
export function StaffPaymentsPage({ restaurant }: { restaurant: StaffRestaurant }) {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useStaffTransactions(restaurant.id);
  useDocumentTitle(`${t('staff.nav.payments')} · ${restaurant.name}`);
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: staffTransactionsRootKey(restaurant.id) });
  useLiveTopic(staffTopic(restaurant.id), refetch, { onResync: refetch });
  // `pending` also lists card payments under way: Webpay decides those, not the restaurant.
  const toDecide = list.data?.items.filter((item) => item.paymentType !== 'webpay') ?? [];
  return (
    <section aria-labelledby="staff-payments" className="flex flex-col gap-4">
      <h1 id="staff-payments" className="text-2xl font-bold">
        {t('staff.payments.title')}
      </h1>
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <ErrorState title={t('staff.error.load')} onRetry={refetch} isRetrying={list.isFetching} />
      ) : toDecide.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center">{t('staff.payments.empty')}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {toDecide.map((transaction) => (
            <TransactionCard key={transaction.id} transaction={transaction} restaurantId={restaurant.id} />
          ))}
        </div>
      )}
    </section>
  );
}
