import { assertCount, assertExact } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';
import { allocate, type Allocation } from './allocate.ts';
import { dishShare, equalShare } from './splits.ts';

/** How a diner chooses what to pay (docs/product.md#splitting-the-bill). */
export type SplitChoice =
  /** The chosen orders, each for what no payment holds of it yet. */
  | { mode: 'orders'; orderIds: readonly string[] }
  /** An equal share of what no payment holds yet: 1 of `parts`. */
  | { mode: 'equal'; parts: number }
  /** A custom amount, up to what no payment holds yet. */
  | { mode: 'amount'; amountMinor: number }
  /** One share of one order split `parts` ways. */
  | { mode: 'dish'; orderId: string; parts: number };

/** A bill line as a new payment sees it. */
export interface PayableLine {
  id: string;
  /** What the line costs (0 when paid with points). */
  priceMinor: number;
  /** price − every held, pending and paid allocation: what a new payment may still take. */
  unallocatedMinor: number;
  /**
   * The payer's own open entry (the one this payment merges into) already holds part of it:
   * choosing it again when nothing is left adds 0 instead of being refused.
   */
  heldByPayer?: boolean;
}

export type SplitRefusal =
  /** An order that is not one of the bill's lines. */
  | { ok: false; reason: 'UNKNOWN_ORDER'; orderIds: string[] }
  /** Nothing is left of a chosen order: paid, awaiting confirmation or held by another payment. */
  | { ok: false; reason: 'ORDER_ALREADY_PAID'; orderIds: string[] }
  /** Nothing of the bill is left to take. */
  | { ok: false; reason: 'NOTHING_DUE' }
  /** What is left is smaller than the number of parts: every share would be 0. */
  | { ok: false; reason: 'SHARE_TOO_SMALL'; dueMinor: number }
  /** A custom amount above what is left. */
  | { ok: false; reason: 'AMOUNT_EXCEEDS_DUE'; dueMinor: number };

export type SplitPlan = { ok: true; amountMinor: number; allocations: Allocation[] } | SplitRefusal;

/**
 * What a payment takes of the bill for a split choice: its amount and how it is spread over the
 * lines (`lines` oldest first; allocations follow that order). Every amount comes from the lines:
 * - `orders`: each chosen line's whole unallocated remainder (a repeated id counts once); a
 *   chosen line with nothing left is refused unless the payer's own entry already holds it;
 * - `equal`: `floor(due / parts)` of the unallocated total, spread oldest first ({@link equalShare},
 *   {@link allocate}); the last payer (parts 1) takes the leftover;
 * - `amount`: 1 up to the unallocated total, spread oldest first;
 * - `dish`: {@link dishShare} of one line (the last share takes the leftover).
 * An amount of 0 is planned only when every chosen line is already held by the payer's own entry.
 * @throws DomainError `INVALID_PARTS`, `INVALID_AMOUNT` (a malformed choice or line),
 *   `INVALID_BILL_LINE` (a line listed twice, or its remainder above its price).
 */
export function planSplit(choice: SplitChoice, lines: readonly PayableLine[]): SplitPlan {
  const byId = new Map<string, PayableLine>();
  for (const line of lines) {
    if (byId.has(line.id)) throw new DomainError('INVALID_BILL_LINE', `line ${line.id} listed twice`);
    assertCount(line.priceMinor, `price of line ${line.id}`);
    assertCount(line.unallocatedMinor, `unallocated amount of line ${line.id}`);
    if (line.unallocatedMinor > line.priceMinor) {
      throw new DomainError('INVALID_BILL_LINE', `line ${line.id}: more unallocated than its price`);
    }
    byId.set(line.id, line);
  }
  const dueMinor = lines.reduce(
    (sum, line) => assertExact(sum + line.unallocatedMinor, 'unallocated total'),
    0,
  );

  switch (choice.mode) {
    case 'orders': {
      const chosen = new Set(choice.orderIds);
      const unknown = [...chosen].filter((id) => !byId.has(id));
      if (unknown.length > 0) return { ok: false, reason: 'UNKNOWN_ORDER', orderIds: unknown };
      const picked = lines.filter((line) => chosen.has(line.id));
      const taken = picked.filter((line) => line.unallocatedMinor === 0 && !line.heldByPayer);
      if (taken.length > 0) {
        return { ok: false, reason: 'ORDER_ALREADY_PAID', orderIds: taken.map((line) => line.id) };
      }
      const allocations = picked
        .filter((line) => line.unallocatedMinor > 0)
        .map((line) => ({ id: line.id, amountMinor: line.unallocatedMinor }));
      const amountMinor = allocations.reduce(
        (sum, allocation) => assertExact(sum + allocation.amountMinor, 'amount'),
        0,
      );
      return { ok: true, amountMinor, allocations };
    }
    case 'equal': {
      const share = equalShare(dueMinor, choice.parts);
      if (dueMinor === 0) return { ok: false, reason: 'NOTHING_DUE' };
      if (share === 0) return { ok: false, reason: 'SHARE_TOO_SMALL', dueMinor };
      return { ok: true, amountMinor: share, allocations: allocate(share, lines.map(unallocated)) };
    }
    case 'amount': {
      if (!Number.isSafeInteger(choice.amountMinor) || choice.amountMinor < 1) {
        throw new DomainError('INVALID_AMOUNT', `amount must be an integer ≥ 1, got ${choice.amountMinor}`);
      }
      if (dueMinor === 0) return { ok: false, reason: 'NOTHING_DUE' };
      if (choice.amountMinor > dueMinor) return { ok: false, reason: 'AMOUNT_EXCEEDS_DUE', dueMinor };
      return {
        ok: true,
        amountMinor: choice.amountMinor,
        allocations: allocate(choice.amountMinor, lines.map(unallocated)),
      };
    }
    case 'dish': {
      const line = byId.get(choice.orderId);
      if (!line) return { ok: false, reason: 'UNKNOWN_ORDER', orderIds: [choice.orderId] };
      const share = dishShare(line.priceMinor, line.unallocatedMinor, choice.parts);
      if (share === 0) {
        if (line.heldByPayer) return { ok: true, amountMinor: 0, allocations: [] };
        return { ok: false, reason: 'ORDER_ALREADY_PAID', orderIds: [line.id] };
      }
      return { ok: true, amountMinor: share, allocations: [{ id: line.id, amountMinor: share }] };
    }
  }
}

const unallocated = (line: PayableLine) => ({ id: line.id, unallocatedMinor: line.unallocatedMinor });
