import type { Order } from '@comensal/contracts';
import { useLocalized, useT } from '@/lib/i18n';
import { lineName } from './bill-summary';

/** The bill lines a payment covered, by name (what was paid). */
export function PaidLines({ orderIds, orders }: { orderIds: readonly string[]; orders: readonly Order[] }) {
  const t = useT();
  const localized = useLocalized();
  const byId = new Map(orders.map((order) => [order.id, order]));
  return (
    <ul className="list-disc pl-6" data-testid="paid-lines">
      {orderIds.map((orderId) => {
        const order = byId.get(orderId);
        return <li key={orderId}>{order ? lineName(order, localized, t) : t('bill.line.unknown')}</li>;
      })}
    </ul>
  );
}
