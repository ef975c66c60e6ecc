import { formatMoney } from '@comensal/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { IconBag } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';
import { BOTTOM_BAR_HEIGHT_VAR, useToastClearance } from '@/lib/toast';
import { useCart } from '@/features/orders/cart-store';
import { summarizeCart } from '@/features/orders/cart-summary';
import { useQueuedSends } from '@/features/orders/order-outbox';
import { useOrdering } from '@/features/orders/ordering';
import { QueuedNotice } from './queued-notice';
// With the bar, not a file of its own: a third lazily loaded part made the bundler split the
// router out of the shared start-up file (+0.5 KB gzip on every first page).
import { CartSheet } from './cart-sheet';

/**
 * The cart at the bottom of the menu, a dish and the table's order while it holds something: how
 * many dishes, their subtotal, and the way to review and send them (the cart sheet). The bar and
 * the sheet load with the rest of ordering, after the page, and only for a diner who can order
 * here; once loaded the sheet opens with no connection.
 */
export function CartBar() {
  const t = useT();
  const ordering = useOrdering();
  const reservationId = ordering?.reservation.id ?? null;
  const cart = useCart(reservationId);
  const [isOpen, setOpen] = useState(false);
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const queued = useQueuedSends(reservationId);
  const isShown = reservationId !== null && (cart.length > 0 || queued.length > 0);
  // the toasts rise above the bar (it grows at 200 % zoom): a message never covers it
  useToastClearance(isShown ? bar : null, BOTTOM_BAR_HEIGHT_VAR);

  if (!ordering || reservationId === null) return null;

  const summary = summarizeCart(cart, ordering.products);
  const count = summary?.itemCount ?? cart.reduce((sum, item) => sum + item.quantity, 0);
  const subtotal = summary ? formatMoney(summary.subtotalMinor, ordering.country) : null;

  return (
    <>
      {isShown ? (
        <div
          ref={setBar}
          role="region"
          aria-label={t('order.cart.region')}
          className="sticky bottom-0 z-30 mt-auto border-t border-line bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
        >
          <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
            <QueuedNotice reservationId={reservationId} className="w-full empty:hidden" />
            {cart.length > 0 ? (
              <>
                <p className="flex min-w-0 items-center gap-2 font-semibold">
                  <IconBag size={22} />
                  <span>
                    {t('order.cart.count', { count })}
                    {subtotal ? ` · ${subtotal}` : ''}
                  </span>
                </p>
                <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
                  {t('order.cart.open')}
                </Button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
      {isOpen ? <CartSheet onClose={() => setOpen(false)} /> : null}
    </>
  );
}
