import { assertCount, assertExact } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';

/** Where a bill line stands: nothing covered, part covered, the rest awaiting staff, or all paid. */
export const ORDER_PAYMENT_STATUSES = ['due', 'partly_paid', 'pending', 'paid'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** One line of the bill (an order row: a dish, or the delivery price), amounts in integer minor units. */
export interface BillLine {
  id: string;
  /** The diner the line belongs to (its author; the reservation's creator for delivery). */
  userId: string;
  /** The line's money price (0 for a line paid with points). */
  priceMinor: number;
  /** Confirmed payments. */
  paidMinor: number;
  /** Payments awaiting staff confirmation (Pago Móvil, cash). */
  pendingMinor: number;
  /** Units of the dish; 1 when absent. */
  quantity?: number;
  /** 'delivery' for the delivery price, which is not an item; 'item' when absent. */
  kind?: 'item' | 'delivery';
}

/** How much of a line is paid, awaiting confirmation and still due. */
export interface OrderPayment {
  status: OrderPaymentStatus;
  paidMinor: number;
  pendingMinor: number;
  /** price − paid − pending; an amount held by a payment in progress is still due until paid. */
  dueMinor: number;
}

/** Sums over some lines of the bill (one diner's, or the whole table's). */
export interface BillTotals {
  totalMinor: number;
  paidMinor: number;
  pendingMinor: number;
  /** totalMinor − paidMinor − pendingMinor. */
  dueMinor: number;
  /** Units of dishes (Σ quantity of the item lines; the delivery line is not an item). */
  itemCount: number;
}

export interface DinerBill extends BillTotals {
  userId: string;
}

/** The table's totals, with the dishes and the delivery price apart. */
export interface TableBill extends BillTotals {
  /** Σ price of the item lines. */
  ordersMinor: number;
  /** Σ price of the delivery lines. */
  deliveryMinor: number;
}

export interface BillSummary {
  /** Each line's payment state, in the order given. */
  lines: (OrderPayment & { id: string })[];
  /** One entry per diner with a line, in the order of their first line. */
  byDiner: DinerBill[];
  table: TableBill;
}

function lineQuantity(line: BillLine): number {
  const quantity = line.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new DomainError(
      'INVALID_BILL_LINE',
      `line ${line.id} quantity must be an integer ≥ 1, got ${quantity}`,
    );
  }
  return quantity;
}

/**
 * A line's payment state: due = price − paid − pending, and the status is
 * - `paid` when paid covers the price (a line of price 0, paid with points, is paid);
 * - `pending` when paid and pending together cover it, with something awaiting confirmation;
 * - `partly_paid` when some of it is paid or pending but not all;
 * - `due` when none of it is.
 * @throws DomainError `INVALID_AMOUNT` — an amount not an integer ≥ 0.
 * @throws DomainError `INVALID_BILL_LINE` — paid + pending more than the price.
 */
export function orderPayment(line: BillLine): OrderPayment {
  const price = assertCount(line.priceMinor, `price of line ${line.id}`);
  const paidMinor = assertCount(line.paidMinor, `paid amount of line ${line.id}`);
  const pendingMinor = assertCount(line.pendingMinor, `pending amount of line ${line.id}`);
  const dueMinor = price - paidMinor - pendingMinor;
  if (dueMinor < 0) {
    throw new DomainError(
      'INVALID_BILL_LINE',
      `line ${line.id}: paid ${paidMinor} + pending ${pendingMinor} is more than the price ${price}`,
    );
  }
  const status: OrderPaymentStatus =
    paidMinor === price
      ? 'paid'
      : dueMinor === 0
        ? 'pending'
        : paidMinor + pendingMinor > 0
          ? 'partly_paid'
          : 'due';
  return { status, paidMinor, pendingMinor, dueMinor };
}

const emptyTotals = (): BillTotals => ({
  totalMinor: 0,
  paidMinor: 0,
  pendingMinor: 0,
  dueMinor: 0,
  itemCount: 0,
});

function addLine(totals: BillTotals, line: BillLine, payment: OrderPayment): void {
  totals.totalMinor = assertExact(totals.totalMinor + line.priceMinor, 'bill total');
  totals.paidMinor += payment.paidMinor;
  totals.pendingMinor += payment.pendingMinor;
  totals.dueMinor += payment.dueMinor;
  if (line.kind !== 'delivery')
    totals.itemCount = assertExact(totals.itemCount + lineQuantity(line), 'item count');
}

/**
 * The bill: each line's state ({@link orderPayment}), the totals of each diner (the lines they
 * wrote; the delivery line is the creator's) and of the table, where total = paid + pending + due.
 * @throws DomainError as {@link orderPayment}; `INVALID_BILL_LINE` also for a repeated line id or
 *   a quantity not an integer ≥ 1; `INVALID_AMOUNT` when a total overflows.
 */
export function summarizeBill(lines: readonly BillLine[]): BillSummary {
  const seen = new Set<string>();
  const byDiner = new Map<string, DinerBill>();
  const table: TableBill = { ...emptyTotals(), ordersMinor: 0, deliveryMinor: 0 };
  const states: BillSummary['lines'] = [];
  for (const line of lines) {
    if (seen.has(line.id)) throw new DomainError('INVALID_BILL_LINE', `line ${line.id} listed twice`);
    seen.add(line.id);
    const payment = orderPayment(line);
    states.push({ id: line.id, ...payment });
    let diner = byDiner.get(line.userId);
    if (!diner) {
      diner = { userId: line.userId, ...emptyTotals() };
      byDiner.set(line.userId, diner);
    }
    addLine(diner, line, payment);
    addLine(table, line, payment);
    if (line.kind === 'delivery') table.deliveryMinor += line.priceMinor;
    else table.ordersMinor += line.priceMinor;
  }
  return { lines: states, byDiner: [...byDiner.values()], table };
}

/** The totals of some bill lines (e.g. one diner's): {@link summarizeBill}'s table figures without the split by kind. */
export function billTotals(lines: readonly BillLine[]): BillTotals {
  const { totalMinor, paidMinor, pendingMinor, dueMinor, itemCount } = summarizeBill(lines).table;
  return { totalMinor, paidMinor, pendingMinor, dueMinor, itemCount };
}
