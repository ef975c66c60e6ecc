import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { planSplit, type PayableLine, type SplitChoice, type SplitPlan } from './plan-split.ts';

const line = (
  id: string,
  priceMinor: number,
  unallocatedMinor = priceMinor,
  heldByPayer = false,
): PayableLine => ({
  id,
  priceMinor,
  unallocatedMinor,
  ...(heldByPayer ? { heldByPayer } : {}),
});
const ok = (amountMinor: number, ...allocations: [string, number][]): SplitPlan => ({
  ok: true,
  amountMinor,
  allocations: allocations.map(([id, amount]) => ({ id, amountMinor: amount })),
});

// a: 1 000 free; b: 600 of 900 free (someone holds 300); c: fully held by another payer;
// d: paid with points (price 0); e: fully held by the payer's own open entry; f: 500 free
const BILL = [
  line('a', 1000),
  line('b', 900, 600),
  line('c', 700, 0),
  line('d', 0),
  line('e', 400, 0, true),
  line('f', 500),
];

describe('planSplit', () => {
  it.each<[string, SplitChoice, readonly PayableLine[], SplitPlan]>([
    // orders
    ['one order: all of it', { mode: 'orders', orderIds: ['a'] }, BILL, ok(1000, ['a', 1000])],
    ['what is left of a partly held order', { mode: 'orders', orderIds: ['b'] }, BILL, ok(600, ['b', 600])],
    [
      'several orders, in bill order, a repeated id once',
      { mode: 'orders', orderIds: ['f', 'a', 'f'] },
      BILL,
      ok(1500, ['a', 1000], ['f', 500]),
    ],
    [
      'an order the payer already holds adds 0 (merge)',
      { mode: 'orders', orderIds: ['e', 'a'] },
      BILL,
      ok(1000, ['a', 1000]),
    ],
    ['only orders the payer already holds: 0', { mode: 'orders', orderIds: ['e'] }, BILL, ok(0)],
    [
      'an order another payment holds',
      { mode: 'orders', orderIds: ['a', 'c'] },
      BILL,
      { ok: false, reason: 'ORDER_ALREADY_PAID', orderIds: ['c'] },
    ],
    [
      'a line paid with points is paid',
      { mode: 'orders', orderIds: ['d'] },
      BILL,
      { ok: false, reason: 'ORDER_ALREADY_PAID', orderIds: ['d'] },
    ],
    [
      'an unknown order',
      { mode: 'orders', orderIds: ['a', 'zz', 'yy'] },
      BILL,
      { ok: false, reason: 'UNKNOWN_ORDER', orderIds: ['zz', 'yy'] },
    ],
    // equal
    [
      '1 of 1: everything left',
      { mode: 'equal', parts: 1 },
      BILL,
      ok(2100, ['a', 1000], ['b', 600], ['f', 500]),
    ],
    ['1 of 3: floor(2 100 / 3), oldest first', { mode: 'equal', parts: 3 }, BILL, ok(700, ['a', 700])],
    ['1 of 2 crosses a line', { mode: 'equal', parts: 2 }, BILL, ok(1050, ['a', 1000], ['b', 50])],
    ['nothing left', { mode: 'equal', parts: 2 }, [line('c', 700, 0)], { ok: false, reason: 'NOTHING_DUE' }],
    [
      'less left than parts',
      { mode: 'equal', parts: 3 },
      [line('x', 2)],
      { ok: false, reason: 'SHARE_TOO_SMALL', dueMinor: 2 },
    ],
    ['no lines at all', { mode: 'equal', parts: 1 }, [], { ok: false, reason: 'NOTHING_DUE' }],
    // amount
    ['a custom amount', { mode: 'amount', amountMinor: 1200 }, BILL, ok(1200, ['a', 1000], ['b', 200])],
    [
      'exactly what is left',
      { mode: 'amount', amountMinor: 2100 },
      BILL,
      ok(2100, ['a', 1000], ['b', 600], ['f', 500]),
    ],
    [
      'more than is left',
      { mode: 'amount', amountMinor: 2101 },
      BILL,
      { ok: false, reason: 'AMOUNT_EXCEEDS_DUE', dueMinor: 2100 },
    ],
    [
      'an amount when nothing is left',
      { mode: 'amount', amountMinor: 1 },
      [line('d', 0)],
      { ok: false, reason: 'NOTHING_DUE' },
    ],
    // dish
    ['a third of a dish', { mode: 'dish', orderId: 'a', parts: 3 }, BILL, ok(333, ['a', 333])],
    [
      'the last third takes the leftover',
      { mode: 'dish', orderId: 'a', parts: 3 },
      [line('a', 1000, 334)],
      ok(334, ['a', 334]),
    ],
    ['a half of a partly held dish', { mode: 'dish', orderId: 'b', parts: 2 }, BILL, ok(450, ['b', 450])],
    [
      'a share of a dish another payment holds',
      { mode: 'dish', orderId: 'c', parts: 2 },
      BILL,
      { ok: false, reason: 'ORDER_ALREADY_PAID', orderIds: ['c'] },
    ],
    [
      'a share of a dish the payer already holds adds 0',
      { mode: 'dish', orderId: 'e', parts: 2 },
      BILL,
      ok(0),
    ],
    [
      'a share of an unknown dish',
      { mode: 'dish', orderId: 'zz', parts: 2 },
      BILL,
      { ok: false, reason: 'UNKNOWN_ORDER', orderIds: ['zz'] },
    ],
  ])('%s', (_label, choice, lines, expected) => {
    expect(planSplit(choice, lines)).toEqual(expected);
  });

  it.each<
    [string, SplitChoice, readonly PayableLine[], 'INVALID_PARTS' | 'INVALID_AMOUNT' | 'INVALID_BILL_LINE']
  >([
    ['0 parts', { mode: 'equal', parts: 0 }, BILL, 'INVALID_PARTS'],
    ['101 parts', { mode: 'dish', orderId: 'a', parts: 101 }, BILL, 'INVALID_PARTS'],
    ['a fractional amount', { mode: 'amount', amountMinor: 1.5 }, BILL, 'INVALID_AMOUNT'],
    ['an amount of 0', { mode: 'amount', amountMinor: 0 }, BILL, 'INVALID_AMOUNT'],
    ['a line twice', { mode: 'equal', parts: 1 }, [line('a', 10), line('a', 10)], 'INVALID_BILL_LINE'],
    ['a remainder above the price', { mode: 'equal', parts: 1 }, [line('a', 10, 11)], 'INVALID_BILL_LINE'],
    ['a negative remainder', { mode: 'equal', parts: 1 }, [line('a', 10, -1)], 'INVALID_AMOUNT'],
  ])('rejects %s', (_label, choice, lines, code) => {
    expectDomainError(() => planSplit(choice, lines), code);
  });

  /** Applies a plan to the lines, as the server does when it holds the allocations. */
  const take = (lines: PayableLine[], plan: SplitPlan): PayableLine[] => {
    if (!plan.ok) throw new Error(`refused: ${plan.reason}`);
    return lines.map((entry) => {
      const taken = plan.allocations.find((allocation) => allocation.id === entry.id)?.amountMinor ?? 0;
      return { ...entry, unallocatedMinor: entry.unallocatedMinor - taken };
    });
  };

  const prices = fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 });

  it('N diners taking 1 of (N, N−1, … 1) in turn pay exactly what was due, nothing left', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: 1, max: 10 }), (amounts, diners) => {
        let lines = amounts.map((price, index) => line(`o${index}`, price));
        const due = amounts.reduce((sum, price) => sum + price, 0);
        fc.pre(due >= diners);
        let paid = 0;
        for (let stillToPay = diners; stillToPay >= 1; stillToPay -= 1) {
          const plan = planSplit({ mode: 'equal', parts: stillToPay }, lines);
          if (!plan.ok) throw new Error(plan.reason);
          expect(plan.allocations.reduce((sum, a) => sum + a.amountMinor, 0)).toBe(plan.amountMinor);
          paid += plan.amountMinor;
          lines = take(lines, plan);
        }
        expect(paid).toBe(due);
        expect(lines.every((entry) => entry.unallocatedMinor === 0)).toBe(true);
      }),
    );
  });

  it('k diners each taking a 1/k dish share pay exactly its price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 100 }), (price, k) => {
        fc.pre(price >= k);
        let lines = [line('pizza', price)];
        let paid = 0;
        for (let diner = 0; diner < k; diner += 1) {
          const plan = planSplit({ mode: 'dish', orderId: 'pizza', parts: k }, lines);
          if (!plan.ok) throw new Error(plan.reason);
          paid += plan.amountMinor;
          lines = take(lines, plan);
        }
        expect(paid).toBe(price);
        expect(planSplit({ mode: 'dish', orderId: 'pizza', parts: k }, lines)).toEqual({
          ok: false,
          reason: 'ORDER_ALREADY_PAID',
          orderIds: ['pizza'],
        });
      }),
    );
  });

  it('never takes more of a line than is left, and the allocations add up to the amount', () => {
    const bill = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true })), {
        minLength: 1,
        maxLength: 10,
      })
      .map((entries) =>
        entries.map(([price, free], index) => line(`o${index}`, price, Math.floor(price * free))),
      );
    const choice: fc.Arbitrary<SplitChoice> = fc.oneof(
      fc.record({ mode: fc.constant('equal' as const), parts: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ mode: fc.constant('amount' as const), amountMinor: fc.integer({ min: 1, max: 500_000 }) }),
      fc.record({
        mode: fc.constant('dish' as const),
        orderId: fc.constantFrom('o0', 'o1', 'o2'),
        parts: fc.integer({ min: 1, max: 5 }),
      }),
      fc.record({
        mode: fc.constant('orders' as const),
        orderIds: fc.array(fc.constantFrom('o0', 'o1', 'o2', 'o3'), { minLength: 1, maxLength: 4 }),
      }),
    );
    fc.assert(
      fc.property(bill, choice, (lines, picked) => {
        const plan = planSplit(picked, lines);
        if (!plan.ok) return;
        const left = new Map(lines.map((entry) => [entry.id, entry.unallocatedMinor]));
        expect(plan.allocations.reduce((sum, a) => sum + a.amountMinor, 0)).toBe(plan.amountMinor);
        for (const allocation of plan.allocations) {
          expect(allocation.amountMinor).toBeGreaterThan(0);
          expect(allocation.amountMinor).toBeLessThanOrEqual(left.get(allocation.id) ?? 0);
        }
      }),
    );
  });
});
