import type { Order } from '@comensal/contracts';
import { useLocalized, useT } from '@/lib/i18n';
import { lineName } from './bill-summary';
import { money } from './money';

/**
 * The bill lines a payment covered, by name (what was paid); with the part of each line it paid
 * when the server says (a share of a dish shows as its share, not the dish's price).
 */
export function PaidLines({
  orderIds,
  allocations,
  orders,
  country,
}: {
  orderIds: readonly string[];
  allocations?: readonly { orderId: string; amountMinor: number }[] | undefined;
  orders: readonly Order[];
  country: string;
}) {
  const t = useT();
  const localized = useLocalized();
  const byId = new Map(orders.map((order) => [order.id, order]));
  const lines = allocations?.length
    ? allocations
    : orderIds.map((orderId) => ({ orderId, amountMinor: null }));
  return (
    <ul className="list-disc pl-6" data-testid="paid-lines">
      {lines.map(({ orderId, amountMinor }) => {
        const order = byId.get(orderId);
        const name = order ? lineName(order, localized, t) : t('bill.line.unknown');
        return (
          <li key={orderId}>
            {amountMinor === null
              ? name
              : t('bill.pending.coversLine', { name, amount: money(amountMinor, country) })}
          </li>
        );
      })}
    </ul>
  );
}
