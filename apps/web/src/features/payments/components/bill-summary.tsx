import type { Order, OrderTotal } from '@comensal/contracts';
import { type MessageId, useLocalized, useT } from '@/lib/i18n';
import { money } from './money';
import { Facts } from './facts';

/** What the table owes, has paid, awaits confirmation and still owes: in total and per diner. */
export function BillSummary({ bill, country }: { bill: OrderTotal; country: string }) {
  const t = useT();
  return (
    <section aria-labelledby="bill-total-heading" className="flex flex-col gap-4">
      <h2 id="bill-total-heading" className="text-xl font-bold">
        {t('bill.total.title')}
      </h2>
      <Facts
        testId="bill-total"
        className="rounded-2xl border-2 border-line bg-white p-4"
        rows={[
          { label: t('bill.amount.total'), value: money(bill.totalMinor, country) },
          { label: t('bill.amount.paid'), value: money(bill.paidMinor, country) },
          { label: t('bill.amount.pending'), value: money(bill.pendingMinor, country) },
          {
            label: t('bill.amount.due'),
            value: money(bill.dueMinor, country),
            strong: true,
            testId: 'bill-due',
          },
        ]}
      />
      {bill.dueMinor === 0 && bill.totalMinor > 0 ? (
        <p role="status" className="rounded-xl bg-green-50 p-3 font-semibold text-green-900">
          {bill.pendingMinor > 0 ? t('bill.settledPending') : t('bill.settled')}
        </p>
      ) : null}
      <h3 className="text-lg font-bold">{t('bill.byDiner.title')}</h3>
      <ul className="flex flex-col gap-2" data-testid="bill-by-diner">
        {bill.byDiner.map((diner) => (
          <li key={diner.userId} className="rounded-xl border border-line bg-white p-3">
            <p className="font-semibold">{diner.displayName}</p>
            <p className="text-sm">
              {t('bill.byDiner.line', {
                total: money(diner.totalMinor, country),
                paid: money(diner.paidMinor, country),
                pending: money(diner.pendingMinor, country),
                due: money(diner.dueMinor, country),
              })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The bill's lines, each with its state (due, partly paid, awaiting confirmation, paid). */
export function BillLines({ orders, country }: { orders: Order[]; country: string }) {
  const t = useT();
  const localized = useLocalized();
  return (
    <section aria-labelledby="bill-lines-heading" className="flex flex-col gap-2">
      <h2 id="bill-lines-heading" className="text-xl font-bold">
        {t('bill.lines.title')}
      </h2>
      {orders.length === 0 ? (
        <p>{t('bill.lines.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap justify-between gap-2 rounded-xl bg-white p-3">
              <span>
                {lineName(order, localized, t)} ·{' '}
                <span className="text-ink-muted">{order.user.displayName}</span>
              </span>
              <span className="text-right">
                {money(order.priceMinor, country)}{' '}
                <span className="text-sm text-ink-muted">{t(lineStatus(order))}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A line's state; what is still due but all held by someone's payment in progress reads "being paid". */
function lineStatus(order: Order): MessageId {
  const { status, dueMinor, heldMinor } = order.payment;
  if (status !== 'paid' && status !== 'pending' && dueMinor > 0 && heldMinor >= dueMinor)
    return 'bill.line.status.held';
  return `bill.line.status.${status}`;
}

/** "2 × Pizza" or "Delivery". */
export function lineName(
  order: Order,
  localized: ReturnType<typeof useLocalized>,
  t: ReturnType<typeof useT>,
): string {
  if (order.kind === 'delivery' || !order.product) return t('bill.line.delivery');
  return t('bill.line.name', { quantity: order.quantity, name: localized(order.product.name) });
}
