import type { Product } from '@comensal/contracts';
import {
  type CartProblem,
  formatMoney,
  MAX_ORDER_COMMENTS_LENGTH,
  MAX_ORDER_QUANTITY,
  type PendingItem,
} from '@comensal/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { IconTrash } from '@/components/ui/icons';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { href } from '@/config/paths';
import { type MessageId, useLocalized, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useOnline } from '@/lib/use-online';
import { useSendOrderBatch } from '@/features/orders/api/send-order-batch';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { queueSend } from '@/features/orders/order-outbox';
import {
  readCartOf,
  removeCartItem,
  removeCartItems,
  updateCartItem,
  useCart,
} from '@/features/orders/cart-store';
import { cartLineOptions } from '@/features/orders/line-text';
import { sendFailure } from '@/features/orders/order-errors';
import { summarizeCart } from '@/features/orders/cart-summary';
import { useOrdering } from '@/features/orders/ordering';
import { useReservationLabel } from '@/features/orders/reservation-label';
import { OptionList } from './option-list';
import { QueuedNotice } from './queued-notice';

/** A refused send, kept until the next one (a line's message only while that line is as it was sent). */
interface Failure {
  messageId: MessageId;
  /** The refused line and how it was when sent; null when the refusal is about the whole cart. */
  line: { itemId: number; sent: string } | null;
  available: number | null;
}

const asSent = (item: PendingItem) => JSON.stringify(item);

const PROBLEM_MESSAGES: Readonly<Record<string, MessageId>> = {
  UNKNOWN_PRODUCT: 'order.cart.problem.gone',
  NOT_PAYABLE_WITH_POINTS: 'order.cart.problem.points',
};

function CommentsField({
  item,
  name,
  onCommit,
}: {
  item: PendingItem;
  name: string;
  onCommit: (comments: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState(item.comments);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {t('order.cart.comments')}
        <span className="sr-only"> · {name}</span>
      </label>
      <textarea
        id={id}
        value={draft}
        rows={2}
        maxLength={MAX_ORDER_COMMENTS_LENGTH}
        placeholder={t('product.comments.placeholder')}
        onChange={(event) => setDraft(event.target.value)}
        // Saved when the field is left: trimming on every key would eat the space being typed.
        onBlur={() => {
          if (draft.trim() !== item.comments) onCommit(draft);
        }}
        className="rounded-xl border-2 border-line bg-white px-3 py-2 text-base placeholder:text-ink-muted"
      />
    </div>
  );
}

function CartLineItem({
  item,
  product,
  price,
  problem,
  failure,
  reservationId,
  money,
}: {
  item: PendingItem;
  product: Product | undefined;
  price: { totalMinor: number; pointsSpent: number } | undefined;
  problem: CartProblem | undefined;
  failure: Failure | null;
  reservationId: string;
  money: (minor: number) => string;
}) {
  const t = useT();
  const localized = useLocalized();
  const errorId = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const name = product ? localized(product.name) : t('order.cart.goneName');
  const isRefused = failure?.line?.itemId === item.id && failure.line.sent === asSent(item);
  const refusal = isRefused ? failure : null;
  useEffect(() => {
    // A refused line takes the focus, so the diner lands on what to fix.
    if (refusal) errorRef.current?.focus();
  }, [refusal]);

  let message: string | null = null;
  if (refusal) {
    const available = refusal.available ?? product?.stock ?? null;
    message =
      refusal.messageId === 'order.error.OUT_OF_STOCK' && available !== null
        ? t('order.error.OUT_OF_STOCK.left', { available })
        : t(refusal.messageId);
  } else if (problem) {
    message = t(PROBLEM_MESSAGES[problem.code] ?? 'order.cart.problem.changed');
  }
  const canPayWithMoney =
    item.payWithPoints &&
    product !== undefined &&
    (problem?.code === 'NOT_PAYABLE_WITH_POINTS' ||
      refusal?.messageId === 'order.error.NOT_ENOUGH_POINTS' ||
      refusal?.messageId === 'order.error.POINTS_NOT_ACCEPTED');

  return (
    <li
      aria-describedby={message ? errorId : undefined}
      className={`flex flex-col gap-3 rounded-2xl border-2 p-4 ${message ? 'border-red-700 bg-red-50' : 'border-line bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
          <h3 className="text-lg font-bold">{name}</h3>
          {product ? <OptionList options={cartLineOptions(product, item.selections)} /> : null}
          {item.payWithPoints ? <p className="text-sm font-semibold">{t('order.line.withPoints')}</p> : null}
        </div>
        <p className="font-bold whitespace-nowrap">
          {price
            ? item.payWithPoints
              ? t('order.points', { points: price.pointsSpent })
              : money(price.totalMinor)
            : null}
        </p>
      </div>
      {message ? (
        <p
          id={errorId}
          ref={errorRef}
          tabIndex={-1}
          role={refusal ? 'alert' : undefined}
          className="font-semibold text-red-800 outline-none"
        >
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <QuantityStepper
          value={item.quantity}
          max={MAX_ORDER_QUANTITY}
          label={t('product.option.quantity', { option: name })}
          onChange={(quantity) => updateCartItem(reservationId, item.id, { quantity })}
        />
        <div className="flex flex-wrap gap-2">
          {canPayWithMoney ? (
            <Button
              variant="secondary"
              onClick={() => updateCartItem(reservationId, item.id, { payWithPoints: false })}
            >
              {t('order.cart.payWithMoney')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            aria-label={t('order.cart.removeFor', { name })}
            onClick={() => {
              removeCartItem(reservationId, item.id);
              notify('info', 'order.cart.removed', { name });
            }}
          >
            <IconTrash size={18} />
            {t('order.cart.remove')}
          </Button>
        </div>
      </div>
      <CommentsField
        key={`${item.id}:${item.comments}`}
        item={item}
        name={name}
        onCommit={(comments) => updateCartItem(reservationId, item.id, { comments })}
      />
    </li>
  );
}

/**
 * The cart, as a sheet over the page: each line with its options, price, quantity, comments and a
 * way to remove it; the subtotal; and "Send to the table", which sends the whole cart as one batch.
 * A refusal keeps the cart and names the line to fix; with no connection the cart stays and sending
 * waits.
 */
export function CartSheet({ onClose }: { onClose: () => void }) {
  const t = useT();
  const ordering = useOrdering();
  const labelOf = useReservationLabel();
  const reservation = ordering?.reservation ?? null;
  const reservationId = reservation?.id ?? '';
  const cart = useCart(reservation ? reservationId : null);
  const isOnline = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  const send = useSendOrderBatch(reservationId);
  const [failure, setFailure] = useState<Failure | null>(null);
  const noteId = useId();
  const generalRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure && failure.line === null) generalRef.current?.focus();
  }, [failure]);
  if (!ordering || !reservation) return null;

  const { country, products } = ordering;
  const money = (minor: number) => formatMoney(minor, country);
  const summary = summarizeCart(cart, products);
  const problems = new Map(summary?.problems.map((problem) => [problem.itemId, problem]));
  const prices = new Map(summary?.lines.map((line) => [line.itemId, line]));
  const orderHref = href('restaurant.reservation.order', {
    restaurantId: reservation.restaurantId,
    reservationId,
  });

  // Offline the cart is queued rather than sent (order-outbox.ts): the server prices it then.
  const blockedBy: MessageId | null =
    summary === null
      ? isOnline
        ? 'order.send.pricing'
        : null
      : summary.problems.length > 0
        ? 'order.send.fixFirst'
        : null;
  const pointsShort =
    summary !== null &&
    summary.pointsNeeded > 0 &&
    ordering.pointsBalance !== null &&
    summary.pointsNeeded > ordering.pointsBalance;

  /** Keeps the batch for when the connection returns, under the tap's key (sent once, whatever happens). */
  const queue = (items: readonly PendingItem[], key: string) => {
    if (!ordering.dinerId) return;
    queueSend(reservationId, ordering.dinerId, items, key);
    notify('info', 'order.queued.saved', { count: items.reduce((sum, item) => sum + item.quantity, 0) });
    onClose();
  };

  const onSend = () => {
    if (blockedBy || send.isPending) return;
    const items = readCartOf(reservationId);
    if (items.length === 0) return;
    setFailure(null);
    if (!isOnline && ordering.dinerId) {
      queue(items, newIdempotencyKey());
      return;
    }
    const key = newIdempotencyKey();
    send.mutate(
      { items, key },
      {
        onSuccess: () => {
          const count = items.reduce((sum, item) => sum + item.quantity, 0);
          removeCartItems(reservationId, new Set(items.map((item) => item.id)));
          notify('success', 'order.send.sent', { count });
          ordering.onSendSettled();
          onClose();
          if (location.pathname !== orderHref) void navigate(orderHref);
        },
        onError: (error) => {
          // No answer even after the retries: the batch waits for the connection, with its key.
          if (isApiError(error) && error.code === 'NETWORK_ERROR' && ordering.dinerId) {
            queue(items, key);
            ordering.onSendSettled();
            return;
          }
          const refusal = sendFailure(error);
          const refused = refusal.index === null ? undefined : items[refusal.index];
          setFailure({
            messageId: refusal.messageId,
            line: refused ? { itemId: refused.id, sent: asSent(refused) } : null,
            available: refusal.available,
          });
          ordering.onSendSettled();
        },
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col overflow-y-auto rounded-t-2xl bg-cream shadow-xl sm:left-1/2 sm:w-full sm:max-w-xl sm:-translate-x-1/2">
          <div className="flex flex-wrap items-start justify-between gap-2 border-b border-line bg-white px-4 py-4">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Dialog.Title className="text-2xl font-bold">{t('order.cart.title')}</Dialog.Title>
              <Dialog.Description className="text-ink-muted">
                {t('order.cart.for', { reservation: labelOf(reservation) })}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost">{t('order.cart.close')}</Button>
            </Dialog.Close>
          </div>

          <div className="flex flex-col gap-4 px-4 py-4">
            <QueuedNotice reservationId={reservationId} className="empty:hidden" />
            {failure && failure.line === null ? (
              <p
                ref={generalRef}
                tabIndex={-1}
                role="alert"
                className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-800 outline-none"
              >
                {t(failure.messageId)}
              </p>
            ) : null}
            {cart.length === 0 ? (
              <p className="rounded-2xl border border-line bg-white p-6 text-center text-lg">
                {t('order.cart.empty')}
              </p>
            ) : (
              <ul aria-label={t('order.cart.lines')} className="flex flex-col gap-3">
                {cart.map((item) => (
                  <CartLineItem
                    key={item.id}
                    item={item}
                    product={products?.get(item.productId)}
                    price={prices.get(item.id)}
                    problem={problems.get(item.id)}
                    failure={failure}
                    reservationId={reservationId}
                    money={money}
                  />
                ))}
              </ul>
            )}
            <Link
              to={orderHref}
              onClick={onClose}
              className="inline-flex min-h-11 items-center self-start font-semibold text-brand-800 underline underline-offset-4"
            >
              {t('order.for.seeOrder')}
            </Link>
          </div>

          {cart.length > 0 ? (
            <div className="flex flex-col gap-3 border-t border-line bg-white px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] [@media(min-height:34rem)]:sticky [@media(min-height:34rem)]:bottom-0">
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
                <dt className="text-lg font-bold">{t('order.cart.subtotal')}</dt>
                <dd className="text-right text-lg font-bold">
                  {summary ? money(summary.subtotalMinor) : '…'}
                </dd>
                {summary && summary.pointsNeeded > 0 ? (
                  <>
                    <dt>{t('order.cart.points')}</dt>
                    <dd className="text-right font-semibold">
                      {t('order.points', { points: summary.pointsNeeded })}
                    </dd>
                  </>
                ) : null}
              </dl>
              {summary && summary.pointsNeeded > 0 && ordering.pointsBalance !== null ? (
                <p className={pointsShort ? 'font-semibold text-red-800' : 'text-ink-muted'}>
                  {t(pointsShort ? 'order.cart.pointsShort' : 'order.cart.pointsBalance', {
                    balance: ordering.pointsBalance,
                  })}
                </p>
              ) : null}
              {blockedBy ? (
                <p id={noteId} className="font-semibold">
                  {t(blockedBy)}
                </p>
              ) : !isOnline ? (
                <p className="font-semibold">{t('order.send.offlineQueue')}</p>
              ) : null}
              <Button
                size="lg"
                block
                onClick={onSend}
                aria-disabled={blockedBy !== null || send.isPending}
                {...(blockedBy && { 'aria-describedby': noteId })}
              >
                {send.isPending
                  ? t('order.send.sending')
                  : t(isOnline ? 'order.send.button' : 'order.send.whenOnline', {
                      total: summary ? money(summary.subtotalMinor) : '…',
                    })}
              </Button>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
