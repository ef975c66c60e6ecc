import { assertCount, assertExact } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';

/** A bill line (an order) and how much of its price no payment holds yet. */
export interface UnallocatedLine<Id = string> {
  id: Id;
  /** Price − every held, pending and paid allocation: integer minor units ≥ 0. */
  unallocatedMinor: number;
}

/** Part of a payment recorded against one bill line. */
export interface Allocation<Id = string> {
  id: Id;
  /** Integer minor units > 0, never more than the line's unallocated remainder. */
  amountMinor: number;
}

/**
 * Spreads a payment of `amountMinor` over bill lines in the order given (the caller lists them
 * oldest first): each line takes all of its unallocated remainder until the amount runs out, so
 * only the last allocation may be partial. Lines with nothing unallocated get no allocation.
 * The allocations add up exactly to the amount and never exceed a line's remainder.
 * @throws DomainError `INVALID_AMOUNT` — amount not an integer ≥ 1, or a remainder not an integer ≥ 0.
 * @throws DomainError `INVALID_BILL_LINE` — the same line listed twice.
 * @throws DomainError `AMOUNT_EXCEEDS_DUE` — the amount is more than all the remainders together.
 */
export function allocate<Id>(amountMinor: number, lines: readonly UnallocatedLine<Id>[]): Allocation<Id>[] {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 1) {
    throw new DomainError('INVALID_AMOUNT', `amount must be an integer ≥ 1, got ${amountMinor}`);
  }
  const seen = new Set<Id>();
  let unallocated = 0;
  for (const line of lines) {
    if (seen.has(line.id)) throw new DomainError('INVALID_BILL_LINE', `line ${String(line.id)} listed twice`);
    seen.add(line.id);
    unallocated = assertExact(
      unallocated + assertCount(line.unallocatedMinor, `unallocated amount of line ${String(line.id)}`),
      'unallocated total',
    );
  }
  if (amountMinor > unallocated) {
    throw new DomainError(
      'AMOUNT_EXCEEDS_DUE',
      `amount ${amountMinor} is more than the ${unallocated} still unallocated`,
    );
  }

  const allocations: Allocation<Id>[] = [];
  let left = amountMinor;
  for (const line of lines) {
    if (left === 0) break;
    const take = Math.min(left, line.unallocatedMinor);
    if (take === 0) continue;
    allocations.push({ id: line.id, amountMinor: take });
    left -= take;
  }
  return allocations;
}
