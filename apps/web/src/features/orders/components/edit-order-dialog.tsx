import type { Order, Product } from '@comensal/contracts';
import { formatMoney, missingRequiredPreferences, pointsCost } from '@comensal/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { ChoiceFields } from '@/components/product/choice-fields';
import { Button } from '@/components/ui/button';
import { useLocalized, useT } from '@/lib/i18n';
import { choiceOf, EMPTY_CHOICE, priceChoice, type ProductChoice, selectionsOf } from '@/lib/product-choice';
import { notify } from '@/lib/toast';
import { useUpdateOrder } from '@/features/orders/api/update-order';
import { editErrorMessage } from '@/features/orders/order-errors';

/**
 * Changing a sent order (its author, while nothing of it is paid): quantity, comments and, when the
 * dish is still on the menu, its preferences. The server prices it again; the preview uses the
 * same domain rule.
 */
export function EditOrderDialog({
  order,
  product,
  name,
  country,
  onClose,
}: {
  order: Order;
  /** The dish as the menu has it now; without it only quantity and comments can change. */
  product: Product | undefined;
  name: string;
  country: string;
  onClose: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const localized = useLocalized();
  const update = useUpdateOrder(order.reservationId);
  const [choice, setChoice] = useState<ProductChoice>(() =>
    product
      ? choiceOf(product, order)
      : { ...EMPTY_CHOICE, quantity: order.quantity, comments: order.comments ?? '' },
  );
  const [showMissing, setShowMissing] = useState(false);
  const missing = product
    ? missingRequiredPreferences(product.preferences, selectionsOf(product, choice))
    : [];
  // Marked once the diner tried to go on without them.
  const missingKeys = new Set(showMissing ? missing.map((preference) => preference.key) : []);
  const isPoints = order.pointsSpent > 0;

  let preview: string | null = null;
  if (product) {
    preview =
      isPoints && product.pointsPrice !== null
        ? t('order.points', { points: pointsCost(product.pointsPrice, choice.quantity) })
        : formatMoney(priceChoice(product, choice).totalMinor, country);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (missing.length > 0) {
      setShowMissing(true);
      return;
    }
    const comments = choice.comments.trim();
    update.mutate(
      {
        orderId: order.id,
        changes: {
          quantity: choice.quantity,
          comments: comments === '' ? null : comments,
          ...(product && { selections: selectionsOf(product, choice) }),
        },
      },
      {
        onSuccess: () => {
          notify('success', 'order.edit.saved', { name });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5 p-5">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-2xl font-bold">{t('order.edit.title', { name })}</Dialog.Title>
              <Dialog.Description className="text-ink-muted">
                {product ? t('order.edit.description') : t('order.edit.descriptionGone')}
              </Dialog.Description>
            </div>
            <ChoiceFields
              preferences={product?.preferences ?? []}
              choice={choice}
              onChange={setChoice}
              country={country}
              missingKeys={missingKeys}
            />
            {preview ? (
              <p className="text-lg">
                {t('order.edit.newPrice')} <strong>{preview}</strong>
              </p>
            ) : null}
            {missing.length > 0 && showMissing ? (
              <p className="font-semibold text-red-800">
                {t('product.missing', {
                  names: intl.formatList(missing.map((preference) => localized(preference.name))),
                })}
              </p>
            ) : null}
            {update.isError ? (
              <p
                role="alert"
                className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-800"
              >
                {t(editErrorMessage(update.error))}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('common.back')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? t('order.edit.saving') : t('order.edit.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
