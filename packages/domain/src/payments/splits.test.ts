import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { dishShare, equalShare, MAX_SPLIT_PARTS, splitEvenly } from './splits.ts';

const HUGE = Number.MAX_SAFE_INTEGER;
const amount = fc.integer({ min: 0, max: HUGE });
const parts = fc.integer({ min: 1, max: MAX_SPLIT_PARTS });
const badParts = [0, -1, 1.5, MAX_SPLIT_PARTS + 1, Number.NaN, Number.POSITIVE_INFINITY];
/** floor(a / b), exactly (BigInt), as the oracle of the properties. */
const floorDiv = (a: number, b: number): number => Number(BigInt(a) / BigInt(b));
const badAmounts = [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, HUGE + 1];

describe('splitEvenly', () => {
  it.each<[number, number, number[]]>([
    [0, 1, [0]],
    [0, 3, [0, 0, 0]],
    [1, 1, [1]],
    [1, 3, [0, 0, 1]],
    [100, 1, [100]],
    [100, 3, [33, 33, 34]],
    [100, 4, [25, 25, 25, 25]],
    [10, 4, [2, 2, 2, 4]],
    [99, 100, [...Array<number>(99).fill(0), 99]],
    [HUGE, 2, [(HUGE - 1) / 2, (HUGE + 1) / 2]],
  ])('splitEvenly(%i, %i) = %j', (total, count, expected) => {
    expect(splitEvenly(total, count)).toEqual(expected);
  });

  it.each(badParts)('rejects %s parts with INVALID_PARTS', (count) => {
    expectDomainError(() => splitEvenly(100, count), 'INVALID_PARTS');
  });

  it.each(badAmounts)('rejects a total of %s with INVALID_AMOUNT', (total) => {
    expectDomainError(() => splitEvenly(total, 2), 'INVALID_AMOUNT');
  });

  it('always adds up to the total, every part ≥ 0, parts differ by at most the leftover', () => {
    fc.assert(
      fc.property(amount, parts, (total, count) => {
        const shares = splitEvenly(total, count);
        const leftover = total % count;
        expect(shares).toHaveLength(count);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
        expect(shares.every((share) => Number.isSafeInteger(share) && share >= 0)).toBe(true);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(leftover);
        expect(shares.at(-1)).toBe(Math.max(...shares));
      }),
    );
  });
});

describe('equalShare', () => {
  it.each<[number, number, number]>([
    [0, 1, 0],
    [0, 4, 0],
    [1, 1, 1],
    [2, 3, 0],
    [100, 1, 100],
    [100, 3, 33],
    [67, 2, 33],
    [34, 1, 34],
    [HUGE, 1, HUGE],
    [HUGE, 100, 90_071_992_547_409],
  ])('equalShare(%i, %i) = %i', (due, count, expected) => {
    expect(equalShare(due, count)).toBe(expected);
  });

  it.each(badParts)('rejects %s parts with INVALID_PARTS', (count) => {
    expectDomainError(() => equalShare(100, count), 'INVALID_PARTS');
  });

  it.each(badAmounts)('rejects a due of %s with INVALID_AMOUNT', (due) => {
    expectDomainError(() => equalShare(due, 2), 'INVALID_AMOUNT');
  });

  it('successive shares, each payer choosing how many still have to pay, add up to the due', () => {
    fc.assert(
      fc.property(amount, parts, (due, payers) => {
        let left = due;
        const shares: number[] = [];
        for (let stillToPay = payers; stillToPay >= 1; stillToPay -= 1) {
          const share = equalShare(left, stillToPay);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(left);
          shares.push(share);
          left -= share;
        }
        expect(left).toBe(0);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(due);
        // nobody before the last pays more than the last one
        expect(Math.max(...shares)).toBe(shares.at(-1));
      }),
    );
  });
});

describe('dishShare', () => {
  it.each<[string, number, number, number, number]>([
    ['one part takes all that is left', 1000, 1000, 1, 1000],
    ['one part after others paid', 1000, 400, 1, 400],
    ['first of three', 1000, 1000, 3, 333],
    ['second of three', 1000, 667, 3, 333],
    ['last of three takes the leftover', 1000, 334, 3, 334],
    ['first of four when the leftover is as large as a share', 10, 10, 4, 2],
    ['third of four', 10, 6, 4, 2],
    ['last of four: 4 = last share', 10, 4, 4, 4],
    ['a remainder smaller than a share', 1000, 100, 3, 100],
    ['a remainder just above the last share', 1000, 335, 3, 333],
    ['nothing left', 1000, 0, 3, 0],
    ['price 0', 0, 0, 3, 0],
    ['price smaller than the parts: the first takes it all', 2, 2, 3, 2],
    ['exact division, last', 900, 300, 3, 300],
    ['huge price', HUGE, HUGE, 2, (HUGE - 1) / 2],
  ])('%s: dishShare(%i, %i, %i) = %i', (_label, price, unallocated, count, expected) => {
    expect(dishShare(price, unallocated, count)).toBe(expected);
  });

  it.each(badParts)('rejects %s parts with INVALID_PARTS', (count) => {
    expectDomainError(() => dishShare(100, 100, count), 'INVALID_PARTS');
  });

  it.each<[string, number, number]>([
    ['negative price', -1, 0],
    ['fractional price', 10.5, 10],
    ['negative remainder', 100, -1],
    ['remainder above the price', 100, 101],
    ['unsafe price', HUGE + 1, 0],
  ])('rejects %s with INVALID_AMOUNT', (_label, price, unallocated) => {
    expectDomainError(() => dishShare(price, unallocated, 2), 'INVALID_AMOUNT');
  });

  it('k payers taking successive dish shares pay exactly the price, none more than the last share', () => {
    fc.assert(
      fc.property(amount, parts, (price, k) => {
        let unallocated = price;
        const shares: number[] = [];
        for (let payer = 0; payer < k; payer += 1) {
          const share = dishShare(price, unallocated, k);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(unallocated);
          shares.push(share);
          unallocated -= share;
        }
        expect(unallocated).toBe(0);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(price);
        expect(Math.max(...shares)).toBeLessThanOrEqual(price - floorDiv(price, k) * (k - 1));
      }),
    );
  });

  it('never takes more than is unallocated, whatever was paid before', () => {
    fc.assert(
      fc.property(amount, fc.double({ min: 0, max: 1, noNaN: true }), parts, (price, fraction, k) => {
        const unallocated = Math.min(price, Math.floor(price * fraction));
        const share = dishShare(price, unallocated, k);
        expect(share).toBeGreaterThanOrEqual(Math.min(unallocated, floorDiv(price, k)));
        expect(share).toBeLessThanOrEqual(unallocated);
      }),
    );
  });
});
