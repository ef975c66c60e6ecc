import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { allocate, type Allocation, type UnallocatedLine } from './allocate.ts';

const HUGE = Number.MAX_SAFE_INTEGER;
const line = (id: string, unallocatedMinor: number): UnallocatedLine => ({ id, unallocatedMinor });
const part = (id: string, amountMinor: number): Allocation => ({ id, amountMinor });

describe('allocate', () => {
  const bill = [line('a', 1000), line('b', 0), line('c', 500), line('d', 250)];

  it.each<[string, number, UnallocatedLine[], Allocation[]]>([
    ['inside the first line', 1, bill, [part('a', 1)]],
    ['exactly the first line', 1000, bill, [part('a', 1000)]],
    ['skips a line with nothing left', 1001, bill, [part('a', 1000), part('c', 1)]],
    ['last one partial', 1600, bill, [part('a', 1000), part('c', 500), part('d', 100)]],
    ['everything', 1750, bill, [part('a', 1000), part('c', 500), part('d', 250)]],
    [
      'order given is kept (oldest first)',
      300,
      [line('d', 250), line('a', 1000)],
      [part('d', 250), part('a', 50)],
    ],
    ['a single line', 7, [line('x', 7)], [part('x', 7)]],
    ['huge amount', HUGE, [line('x', HUGE)], [part('x', HUGE)]],
    [
      'huge amount over two lines',
      HUGE,
      [line('x', HUGE - 1), line('y', 1)],
      [part('x', HUGE - 1), part('y', 1)],
    ],
  ])('%s', (_label, amount, lines, expected) => {
    expect(allocate(amount, lines)).toEqual(expected);
  });

  it('takes any id type', () => {
    expect(
      allocate(3, [
        { id: 7, unallocatedMinor: 2 },
        { id: 9, unallocatedMinor: 5 },
      ]),
    ).toEqual([
      { id: 7, amountMinor: 2 },
      { id: 9, amountMinor: 1 },
    ]);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, HUGE + 1])(
    'rejects an amount of %s with INVALID_AMOUNT',
    (amount) => {
      expectDomainError(() => allocate(amount, bill), 'INVALID_AMOUNT');
    },
  );

  it.each<[string, UnallocatedLine[]]>([
    ['a negative remainder', [line('a', -1), line('b', 10)]],
    ['a fractional remainder', [line('a', 0.5), line('b', 10)]],
    ['an unsafe remainder', [line('a', HUGE + 1)]],
    ['remainders whose sum overflows', [line('a', HUGE), line('b', 1)]],
  ])('rejects %s with INVALID_AMOUNT', (_label, lines) => {
    expectDomainError(() => allocate(1, lines), 'INVALID_AMOUNT');
  });

  it('rejects a line listed twice with INVALID_BILL_LINE', () => {
    expectDomainError(() => allocate(1, [line('a', 5), line('a', 5)]), 'INVALID_BILL_LINE');
  });

  it.each<[string, number, UnallocatedLine[]]>([
    ['more than is unallocated', 1751, bill],
    ['no lines', 1, []],
    ['nothing unallocated', 1, [line('a', 0)]],
  ])('rejects %s with AMOUNT_EXCEEDS_DUE', (_label, amount, lines) => {
    expectDomainError(() => allocate(amount, lines), 'AMOUNT_EXCEEDS_DUE');
  });

  it('sums to the amount, never exceeds a remainder, fills lines in order with only the last partial', () => {
    const lines = fc
      .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 })
      .map((remainders) =>
        remainders.map((unallocatedMinor, index) => ({ id: `o${index}`, unallocatedMinor })),
      )
      .filter((list) => list.some((entry) => entry.unallocatedMinor > 0));
    fc.assert(
      fc.property(lines, fc.double({ min: 0, max: 1, noNaN: true }), (list, fraction) => {
        const total = list.reduce((sum, entry) => sum + entry.unallocatedMinor, 0);
        const amount = Math.max(1, Math.ceil(total * fraction));
        const allocations = allocate(amount, list);
        const remainder = new Map(list.map((entry) => [entry.id, entry.unallocatedMinor]));
        expect(allocations.reduce((sum, entry) => sum + entry.amountMinor, 0)).toBe(amount);
        for (const [index, allocation] of allocations.entries()) {
          const left = remainder.get(allocation.id) ?? 0;
          expect(allocation.amountMinor).toBeGreaterThan(0);
          expect(allocation.amountMinor).toBeLessThanOrEqual(left);
          if (index < allocations.length - 1) expect(allocation.amountMinor).toBe(left);
        }
        // oldest first: allocated lines come in the order given, and no line with something left is skipped
        const order = list.filter((entry) => entry.unallocatedMinor > 0).map((entry) => entry.id);
        expect(allocations.map((entry) => entry.id)).toEqual(order.slice(0, allocations.length));
      }),
    );
  });
});
