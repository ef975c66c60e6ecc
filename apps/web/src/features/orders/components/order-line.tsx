import type { Order, OrderPaymentStatus, Product } from '@comensal/contracts';
import { formatMoney } from '@comensal/domain';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type MessageId, useLocalized, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useDeleteOrder } from '@/features/orders/api/delete-order';
import { editErrorMessage } from '@/features/orders/order-errors';
import { OptionList } from './option-list';

// The dialogs (Radix, with its focus trap and scroll lock: about 13 KB gzip) load when a diner
// opens one, not with the table's order page.
const EditOrderDialog = lazy(() =>
  import('./edit-order-dialog').then((module) => ({ default: module.EditOrderDialog })),
);
const OpenConfirmDialog = lazy(() =>
  import('@/components/ui/confirm-dialog').then((module) => ({ default: module.OpenConfirmDialog })),
);

export const PAYMENT_STATUS_LABELS: Readonly<Record<OrderPaymentStatus, MessageId>> = {
  due: 'order.status.due',
  partly_paid: 'order.status.partly_paid',
  pending: 'order.status.pending',
  paid: 'order.status.paid',
};

const STATUS_STYLES: Readonly<Record<OrderPaymentStatus, string>> = {
  due: 'bg-cream text-ink border border-line',
  partly_paid: 'bg-amber-100 text-amber-950',
  pending: 'bg-amber-100 text-amber-950',
  paid: 'bg-green-100 text-green-900',
};

/** One line of the table's order: what, how many, options, comments, price and payment state; its author may change or remove it while it is unpaid. */
export function OrderLine({
  order,
  product,
  isProductLoading = false,
  isMine,
  country,
}: {
  order: Order;
  /** The dish as the menu has it now (its preferences, to change them). */
  product: Product | undefined;
  /** The dish's details are still being read: changing the line waits for them. */
  isProductLoading?: boolean;
  isMine: boolean;
  /** The restaurant's country: money is shown by it. */
  country: string;
}) {
  const t = useT();
  const localized = useLocalized();
  const [isEditing, setEditing] = useState(false);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const remove = useDeleteOrder(order.reservationId);
  const name =
    order.kind === 'delivery'
      ? t('order.line.delivery')
      : order.product
        ? localized(order.product.name)
        : t('order.cart.goneName');
  const canChange = isMine && order.kind === 'item' && order.isEditable;
  const money = (minor: number) => formatMoney(minor, country);
  const before = order.unitPriceMinor * order.quantity;

  return (
    <li className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
          <h4 className="text-lg font-bold">
            {order.kind === 'item' ? t('order.line.quantityName', { quantity: order.quantity, name }) : name}
          </h4>
          <OptionList options={order.selections.map((s) => ({ name: s.optionName, quantity: s.quantity }))} />
          {order.comments ? (
            <p className="text-ink-muted">
              <span className="sr-only">{t('order.line.comments')} </span>“{order.comments}”
            </p>
          ) : null}
        </div>
        <div className="flex flex-col items-end gap-1">
          <p className="flex flex-wrap items-baseline justify-end gap-x-2 font-bold whitespace-nowrap">
            {order.pointsSpent > 0 ? (
              t('order.points', { points: order.pointsSpent })
            ) : (
              <>
                {order.discountMinor > 0 ? (
                  <del className="font-normal text-ink-muted">
                    <span className="sr-only">{t('menu.price.before')} </span>
                    {money(before)}
                  </del>
                ) : null}
                {money(order.priceMinor)}
              </>
            )}
          </p>
          <span
            className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLES[order.payment.status]}`}
          >
            {t(PAYMENT_STATUS_LABELS[order.payment.status])}
          </span>
        </div>
      </div>
      {canChange ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={t('order.edit.for', { name })}
            aria-haspopup="dialog"
            disabled={isProductLoading}
            onClick={() => setEditing(true)}
          >
            {t('order.edit.open')}
          </Button>
          <Button
            ref={deleteButton}
            variant="secondary"
            aria-label={t('order.delete.for', { name })}
            aria-haspopup="dialog"
            aria-expanded={isConfirmingDelete}
            disabled={remove.isPending}
            onClick={() => setConfirmingDelete(true)}
          >
            {t('order.delete.open')}
          </Button>
        </div>
      ) : null}
      <Suspense fallback={null}>
        {isConfirmingDelete ? (
          <OpenConfirmDialog
            title={t('order.delete.title', { name })}
            description={t('order.delete.description')}
            confirmLabel={t('order.delete.confirm')}
            isPending={remove.isPending}
            onConfirm={() =>
              remove.mutate(order.id, {
                onSuccess: () => notify('success', 'order.delete.done', { name }),
                onError: (error) => notify('error', editErrorMessage(error)),
              })
            }
            onClose={() => setConfirmingDelete(false)}
            returnFocusTo={deleteButton}
          />
        ) : null}
        {isEditing ? (
          <EditOrderDialog
            order={order}
            product={product}
            name={name}
            country={country}
            onClose={() => setEditing(false)}
          />
        ) : null}
      </Suspense>
    </li>
  );
}
