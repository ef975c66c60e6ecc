import { useT } from '@/lib/i18n';
import { useOnline } from '@/lib/use-online';
import { queuedDishes, useQueuedSends } from '@/features/orders/order-outbox';

/**
 * What waits for the connection to reach the table (a cart sent offline): how many dishes, and
 * that they go once, by themselves, when the connection returns (features/orders/order-outbox.ts).
 */
export function QueuedNotice({
  reservationId,
  className = '',
}: {
  reservationId: string;
  className?: string;
}) {
  const t = useT();
  const isOnline = useOnline();
  const sends = useQueuedSends(reservationId);
  const count = queuedDishes(sends);
  return (
    <p aria-live="polite" data-testid="queued-orders" className={`font-semibold ${className}`}>
      {count > 0 ? t(isOnline ? 'order.queued.sending' : 'order.queued.waiting', { count }) : null}
    </p>
  );
}
