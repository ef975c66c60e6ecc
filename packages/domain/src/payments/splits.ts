import { assertCount, floorDiv } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';

/** A bill is split into at most this many parts (the largest party a reservation takes). */
export const MAX_SPLIT_PARTS = 100;

/**
 * Rejects a number of parts that is not a whole number from 1 to {@link MAX_SPLIT_PARTS}.
 * @throws DomainError `INVALID_PARTS`
 */
export function assertParts(parts: number): void {
  if (!Number.isSafeInteger(parts) || parts < 1 || parts > MAX_SPLIT_PARTS) {
    throw new DomainError('INVALID_PARTS', `parts must be an integer 1–${MAX_SPLIT_PARTS}, got ${parts}`);
  }
}

/**
 * Splits `totalMinor` into `parts` shares that add up to it exactly: every share is
 * `floor(total / parts)` and the last one also takes the leftover (`total mod parts`), so no
 * share differs from another by more than that leftover. One part is the whole total.
 * @throws DomainError `INVALID_AMOUNT` (total not an integer ≥ 0), `INVALID_PARTS` (see {@link assertParts}).
 */
export function splitEvenly(totalMinor: number, parts: number): number[] {
  assertCount(totalMinor, 'total');
  assertParts(parts);
  const share = floorDiv(totalMinor, parts);
  const shares = Array.from({ length: parts }, () => share);
  shares[parts - 1] = totalMinor - share * (parts - 1);
  return shares;
}

/**
 * The equal share of what the table still owes ("1 of N"): `floor(due / N)`; N = 1 is all of it.
 * Each diner picks N = the number of people still to pay, so the last payer (N = 1) takes the
 * leftover and the shares add up exactly to the due. It is 0 when the due is smaller than N.
 * @throws DomainError `INVALID_AMOUNT` (due not an integer ≥ 0), `INVALID_PARTS`.
 */
export function equalShare(dueMinor: number, parts: number): number {
  assertCount(dueMinor, 'due');
  assertParts(parts);
  return floorDiv(dueMinor, parts);
}

/**
 * One payer's share of one order split `parts` ways (one pizza between three): `floor(price / k)`,
 * or the whole unallocated remainder when it is no more than the last share
 * (`price − (k − 1) × floor(price / k)`, the share that carries the leftover). So k payers who
 * each take a dish share pay exactly the price, and nobody is left a remainder smaller than the
 * leftover. `parts = 1` takes all that is unallocated; 0 when nothing is left. When the price is
 * smaller than k (every share would be 0), the first payer takes it all.
 * @throws DomainError `INVALID_AMOUNT` (price or unallocated not an integer ≥ 0, or unallocated
 *   above the price), `INVALID_PARTS`.
 */
export function dishShare(priceMinor: number, unallocatedMinor: number, parts: number): number {
  assertCount(priceMinor, 'price');
  assertCount(unallocatedMinor, 'unallocated amount');
  assertParts(parts);
  if (unallocatedMinor > priceMinor) {
    throw new DomainError(
      'INVALID_AMOUNT',
      `unallocated ${unallocatedMinor} is more than the price ${priceMinor}`,
    );
  }
  const share = floorDiv(priceMinor, parts);
  const lastShare = priceMinor - share * (parts - 1);
  return unallocatedMinor <= lastShare ? unallocatedMinor : share;
}
