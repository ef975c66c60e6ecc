import type { MenuItem } from '@comensal/contracts';
import { MAX_ORDER_QUANTITY } from '@comensal/domain';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { IconMinus, IconPlus, IconTrash } from '@/components/ui/icons';
import { href, type Query } from '@/config/paths';
import { useLocalized, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { addToCartAndSay, removeCartItem, updateCartItem, useCart } from '@/features/orders/cart-store';
import { useOrdering } from '@/features/orders/ordering';

const STEP =
  'relative inline-flex size-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:border-line aria-disabled:text-ink-muted';

/**
 * The menu card's "add to the order": one tap adds a dish that needs no choice (then − n +
 * change that line); a dish with required preferences opens its page instead. Nothing shows
 * without a reservation to order for. The menu list's dish is enough (`choiceRequired`); the cart
 * prices the line with the product's details (ordering-state.tsx).
 */
export function QuickAdd({ product, query }: { product: MenuItem; query?: Query }) {
  const t = useT();
  const localized = useLocalized();
  const ordering = useOrdering();
  const reservationId = ordering?.reservation.id ?? null;
  const cart = useCart(reservationId);
  if (!ordering || !reservationId) return null;
  const name = localized(product.name);

  if (product.choiceRequired) {
    return (
      <Link
        to={href('restaurant.product', { restaurantId: ordering.restaurantId, productId: product.id }, query)}
        aria-label={t('order.quick.chooseFor', { name })}
        className={`relative ${buttonClasses({ variant: 'secondary' })}`}
      >
        {t('order.quick.choose')}
      </Link>
    );
  }

  // The plain line of this dish: no options, no comments, paid with money.
  const line = cart.find(
    (item) =>
      item.productId === product.id &&
      item.comments === '' &&
      item.selections.length === 0 &&
      !item.payWithPoints,
  );

  if (!line) {
    return (
      <button
        type="button"
        aria-label={t('order.quick.addFor', { name })}
        className={`relative ${buttonClasses()}`}
        onClick={() => addToCartAndSay(reservationId, { productId: product.id, quantity: 1 }, name)}
      >
        <IconPlus size={18} />
        {t('order.quick.add')}
      </button>
    );
  }

  const atMost = line.quantity >= MAX_ORDER_QUANTITY;
  return (
    <div
      role="group"
      aria-label={t('order.quick.inCart', { name })}
      className="inline-flex items-center gap-2"
    >
      {line.quantity <= 1 ? (
        <button
          type="button"
          className={STEP}
          aria-label={t('order.quick.remove', { name })}
          onClick={() => {
            removeCartItem(reservationId, line.id);
            notify('info', 'order.cart.removed', { name });
          }}
        >
          <IconTrash size={18} />
        </button>
      ) : (
        <button
          type="button"
          className={STEP}
          aria-label={t('quantity.decrease', { label: name })}
          onClick={() => updateCartItem(reservationId, line.id, { quantity: line.quantity - 1 })}
        >
          <IconMinus size={18} />
        </button>
      )}
      <output aria-live="polite" className="min-w-7 text-center text-lg font-bold">
        {line.quantity}
      </output>
      <button
        type="button"
        className={STEP}
        aria-label={t('quantity.increase', { label: name })}
        aria-disabled={atMost}
        onClick={() => {
          if (!atMost) updateCartItem(reservationId, line.id, { quantity: line.quantity + 1 });
        }}
      >
        <IconPlus size={18} />
      </button>
    </div>
  );
}
