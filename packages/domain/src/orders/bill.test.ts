import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.ts';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { billTotals, orderPayment, summarizeBill, type BillLine, type OrderPayment } from './bill.ts';

const HUGE = Number.MAX_SAFE_INTEGER;
const line = (
  id: string,
  userId: string,
  priceMinor: number,
  paidMinor = 0,
  pendingMinor = 0,
  extra: Partial<BillLine> = {},
): BillLine => ({ id, userId, priceMinor, paidMinor, pendingMinor, ...extra });

describe('orderPayment', () => {
  it.each<[string, BillLine, OrderPayment]>([
    ['nothing paid', line('a', 'u', 1000), { status: 'due', paidMinor: 0, pendingMinor: 0, dueMinor: 1000 }],
    [
      'part paid',
      line('a', 'u', 1000, 400),
      { status: 'partly_paid', paidMinor: 400, pendingMinor: 0, dueMinor: 600 },
    ],
    [
      'part awaiting confirmation',
      line('a', 'u', 1000, 0, 300),
      { status: 'partly_paid', paidMinor: 0, pendingMinor: 300, dueMinor: 700 },
    ],
    [
      'all awaiting confirmation',
      line('a', 'u', 1000, 0, 1000),
      { status: 'pending', paidMinor: 0, pendingMinor: 1000, dueMinor: 0 },
    ],
    [
      'paid and the rest awaiting confirmation',
      line('a', 'u', 1000, 600, 400),
      { status: 'pending', paidMinor: 600, pendingMinor: 400, dueMinor: 0 },
    ],
    [
      'all paid',
      line('a', 'u', 1000, 1000),
      { status: 'paid', paidMinor: 1000, pendingMinor: 0, dueMinor: 0 },
    ],
    [
      'price 0 (paid with points)',
      line('a', 'u', 0),
      { status: 'paid', paidMinor: 0, pendingMinor: 0, dueMinor: 0 },
    ],
    ['1 minor unit due', line('a', 'u', 1), { status: 'due', paidMinor: 0, pendingMinor: 0, dueMinor: 1 }],
    [
      'huge price',
      line('a', 'u', HUGE, 1),
      { status: 'partly_paid', paidMinor: 1, pendingMinor: 0, dueMinor: HUGE - 1 },
    ],
  ])('%s', (_label, bill, expected) => {
    expect(orderPayment(bill)).toEqual(expected);
  });

  it.each<[string, BillLine, DomainErrorCode]>([
    ['paid above the price', line('a', 'u', 1000, 1001), 'INVALID_BILL_LINE'],
    ['paid + pending above the price', line('a', 'u', 1000, 600, 401), 'INVALID_BILL_LINE'],
    ['a negative price', line('a', 'u', -1), 'INVALID_AMOUNT'],
    ['a negative paid amount', line('a', 'u', 100, -1), 'INVALID_AMOUNT'],
    ['a fractional pending amount', line('a', 'u', 100, 0, 0.5), 'INVALID_AMOUNT'],
    ['an unsafe price', line('a', 'u', HUGE + 1), 'INVALID_AMOUNT'],
  ])('rejects %s', (_label, bill, code) => {
    expectDomainError(() => orderPayment(bill), code);
  });
});

describe('summarizeBill', () => {
  const lines: BillLine[] = [
    line('o1', 'ana', 5990, 5990, 0, { quantity: 1 }),
    line('o2', 'ben', 18000, 0, 6000, { quantity: 2 }),
    line('o3', 'ana', 3000, 0, 0, { quantity: 3 }),
    line('d1', 'ana', 2500, 0, 0, { kind: 'delivery' }),
    line('o4', 'carla', 0, 0, 0, { quantity: 2 }), // paid with points
    line('o5', 'ben', 1500), // quantity absent = 1
  ];

  it('gives each line its state, each diner and the table their totals', () => {
    expect(summarizeBill(lines)).toEqual({
      lines: [
        { id: 'o1', status: 'paid', paidMinor: 5990, pendingMinor: 0, dueMinor: 0 },
        { id: 'o2', status: 'partly_paid', paidMinor: 0, pendingMinor: 6000, dueMinor: 12000 },
        { id: 'o3', status: 'due', paidMinor: 0, pendingMinor: 0, dueMinor: 3000 },
        { id: 'd1', status: 'due', paidMinor: 0, pendingMinor: 0, dueMinor: 2500 },
        { id: 'o4', status: 'paid', paidMinor: 0, pendingMinor: 0, dueMinor: 0 },
        { id: 'o5', status: 'due', paidMinor: 0, pendingMinor: 0, dueMinor: 1500 },
      ],
      byDiner: [
        { userId: 'ana', totalMinor: 11490, paidMinor: 5990, pendingMinor: 0, dueMinor: 5500, itemCount: 4 },
        { userId: 'ben', totalMinor: 19500, paidMinor: 0, pendingMinor: 6000, dueMinor: 13500, itemCount: 3 },
        { userId: 'carla', totalMinor: 0, paidMinor: 0, pendingMinor: 0, dueMinor: 0, itemCount: 2 },
      ],
      table: {
        totalMinor: 30990,
        paidMinor: 5990,
        pendingMinor: 6000,
        dueMinor: 19000,
        itemCount: 9,
        ordersMinor: 28490,
        deliveryMinor: 2500,
      },
    });
  });

  it('an empty bill is all zeros', () => {
    expect(summarizeBill([])).toEqual({
      lines: [],
      byDiner: [],
      table: {
        totalMinor: 0,
        paidMinor: 0,
        pendingMinor: 0,
        dueMinor: 0,
        itemCount: 0,
        ordersMinor: 0,
        deliveryMinor: 0,
      },
    });
  });

  it('billTotals sums any set of lines', () => {
    expect(billTotals(lines.filter((entry) => entry.userId === 'ben'))).toEqual({
      totalMinor: 19500,
      paidMinor: 0,
      pendingMinor: 6000,
      dueMinor: 13500,
      itemCount: 3,
    });
    expect(billTotals([])).toEqual({
      totalMinor: 0,
      paidMinor: 0,
      pendingMinor: 0,
      dueMinor: 0,
      itemCount: 0,
    });
  });

  it.each<[string, BillLine[], DomainErrorCode]>([
    ['a line listed twice', [line('o1', 'a', 10), line('o1', 'b', 20)], 'INVALID_BILL_LINE'],
    ['quantity 0', [line('o1', 'a', 10, 0, 0, { quantity: 0 })], 'INVALID_BILL_LINE'],
    ['a fractional quantity', [line('o1', 'a', 10, 0, 0, { quantity: 1.5 })], 'INVALID_BILL_LINE'],
    ['a line paid twice over', [line('o1', 'a', 10, 10, 10)], 'INVALID_BILL_LINE'],
    ['a total that overflows', [line('o1', 'a', HUGE), line('o2', 'a', 1)], 'INVALID_AMOUNT'],
  ])('rejects %s', (_label, bill, code) => {
    expectDomainError(() => summarizeBill(bill), code);
  });

  it('total = paid + pending + due for every diner and the table, and diners add up to the table', () => {
    const billLine = fc
      .record({
        userId: fc.constantFrom('ana', 'ben', 'carla'),
        priceMinor: fc.integer({ min: 0, max: 10_000_000 }),
        paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
        pendingShare: fc.double({ min: 0, max: 1, noNaN: true }),
        quantity: fc.integer({ min: 1, max: 99 }),
        kind: fc.constantFrom('item' as const, 'delivery' as const),
      })
      .map(({ priceMinor, paidShare, pendingShare, ...rest }) => {
        const paidMinor = Math.floor(priceMinor * paidShare);
        const pendingMinor = Math.floor((priceMinor - paidMinor) * pendingShare);
        return { priceMinor, paidMinor, pendingMinor, ...rest };
      });
    fc.assert(
      fc.property(fc.array(billLine, { maxLength: 30 }), (drafts) => {
        const bill = drafts.map((draft, index) => ({ id: `o${index}`, ...draft }));
        const { lines: states, byDiner, table } = summarizeBill(bill);
        for (const totals of [...byDiner, table]) {
          expect(totals.paidMinor + totals.pendingMinor + totals.dueMinor).toBe(totals.totalMinor);
        }
        for (const key of ['totalMinor', 'paidMinor', 'pendingMinor', 'dueMinor', 'itemCount'] as const) {
          expect(byDiner.reduce((sum, diner) => sum + diner[key], 0)).toBe(table[key]);
        }
        expect(table.ordersMinor + table.deliveryMinor).toBe(table.totalMinor);
        expect(states.reduce((sum, state) => sum + state.dueMinor, 0)).toBe(table.dueMinor);
        for (const state of states) {
          expect(state.dueMinor === 0).toBe(state.status === 'paid' || state.status === 'pending');
        }
      }),
    );
  });
});
