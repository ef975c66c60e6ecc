import type { Order, OrderTotal, PaymentOptions } from '@comensal/contracts';
import { orderPayment, summarizeBill, type BillLine } from '@comensal/domain';
import type { OrderLineRow } from './orders-repository.ts';

type Currency = Order['currency'];

export const toBillLine = (row: OrderLineRow): BillLine => ({
  id: row.id,
  userId: row.userId,
  priceMinor: row.totalPriceMinor,
  paidMinor: row.paidMinor,
  pendingMinor: row.pendingMinor,
  quantity: row.quantity,
  kind: row.kind,
});

/**
 * Whether `viewerId` may change or delete the line now: their own dish with nothing of it paid,
 * awaiting confirmation or held by a payment in progress (`allocated_minor` 0).
 */
export function isEditableBy(
  row: Pick<OrderLineRow, 'kind' | 'userId' | 'allocatedMinor'>,
  viewerId: string,
) {
  return row.kind === 'item' && row.userId === viewerId && row.allocatedMinor === 0;
}

/** What a payment being prepared or under way holds of the line (part of its due). */
const heldOf = (row: Pick<OrderLineRow, 'allocatedMinor' | 'paidMinor' | 'pendingMinor'>) =>
  row.allocatedMinor - row.paidMinor - row.pendingMinor;

/** A bill line as the members read it; `isEditable` is the viewer's. */
export function toOrder(row: OrderLineRow, currency: Currency, viewerId: string): Order {
  const { status, paidMinor, pendingMinor, dueMinor } = orderPayment(toBillLine(row));
  return {
    id: row.id,
    reservationId: row.reservationId,
    kind: row.kind,
    productId: row.productId,
    product:
      row.productId !== null && row.productName !== null
        ? { name: row.productName, imageUrl: row.productImageUrl }
        : null,
    quantity: row.quantity,
    comments: row.comments,
    selections: row.preferences.map((selection) => ({
      preferenceKey: selection.preferenceKey,
      optionKey: selection.optionKey,
      quantity: selection.quantity,
      preferenceName: selection.preferenceName,
      optionName: selection.optionName,
      priceMinor: selection.priceMinor,
    })),
    currency,
    unitPriceMinor: row.unitPriceMinor,
    discountMinor: row.discountMinor,
    priceMinor: row.totalPriceMinor,
    pointsSpent: row.pointsSpent,
    userId: row.userId,
    user: { id: row.userId, displayName: row.userName, photoURL: row.userPhotoURL },
    payer:
      row.paidBy !== null && row.paymentType !== null
        ? { userId: row.paidBy, paymentType: row.paymentType, pendingToConfirmed: row.pendingToConfirmed }
        : null,
    payment: { status, paidMinor, pendingMinor, dueMinor, heldMinor: heldOf(row) },
    isEditable: isEditableBy(row, viewerId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The table's bill: the domain's `summarizeBill` over every line, with each diner's name. */
export function toOrderTotal(
  reservationId: string,
  currency: Currency,
  rows: OrderLineRow[],
  paymentOptions: PaymentOptions,
): OrderTotal {
  const bill = summarizeBill(rows.map(toBillLine));
  const authors = new Map(rows.map((row) => [row.userId, row]));
  const held = new Map<string, number>();
  for (const row of rows) held.set(row.userId, (held.get(row.userId) ?? 0) + heldOf(row));
  const { totalMinor, paidMinor, pendingMinor, dueMinor, ordersMinor, deliveryMinor } = bill.table;
  return {
    reservationId,
    currency,
    totalMinor,
    paidMinor,
    pendingMinor,
    dueMinor,
    heldMinor: rows.reduce((sum, row) => sum + heldOf(row), 0),
    ordersMinor,
    deliveryMinor,
    paymentOptions,
    byDiner: bill.byDiner.map((diner) => ({
      userId: diner.userId,
      displayName: authors.get(diner.userId)?.userName ?? '',
      photoURL: authors.get(diner.userId)?.userPhotoURL ?? null,
      itemCount: diner.itemCount,
      totalMinor: diner.totalMinor,
      paidMinor: diner.paidMinor,
      pendingMinor: diner.pendingMinor,
      dueMinor: diner.dueMinor,
      heldMinor: held.get(diner.userId) ?? 0,
    })),
  };
}
