import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.ts';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  canMergePendingPayments,
  mergePendingPayment,
  PAYMENT_TYPES,
  type PendingPaymentAmounts,
} from './pending-payment.ts';

const HUGE = Number.MAX_SAFE_INTEGER;
const entry = (overrides: Partial<PendingPaymentAmounts> = {}): PendingPaymentAmounts => ({
  payerUserId: 'u1',
  chosenTips: '10',
  paymentType: 'webpay',
  amountMinor: 1000,
  tipsMinor: 100,
  orderIds: ['o1'],
  ...overrides,
});

describe('PAYMENT_TYPES', () => {
  it('are webpay, mobile_transfer and cash', () => {
    expect(PAYMENT_TYPES).toEqual(['webpay', 'mobile_transfer', 'cash']);
  });
});

describe('mergePendingPayment', () => {
  it.each<
    [string, Partial<PendingPaymentAmounts>, Partial<PendingPaymentAmounts>, Partial<PendingPaymentAmounts>]
  >([
    [
      'sums amount and tips, adds a new order',
      {},
      { amountMinor: 500, tipsMinor: 50, orderIds: ['o2'] },
      { amountMinor: 1500, tipsMinor: 150, orderIds: ['o1', 'o2'] },
    ],
    [
      'an order already in counts once (a line already held adds 0)',
      {},
      { amountMinor: 0, tipsMinor: 0, orderIds: ['o1'] },
      { amountMinor: 1000, tipsMinor: 100, orderIds: ['o1'] },
    ],
    [
      'a partly covered order added again stays once, its new share summed',
      { orderIds: ['o1', 'o2'] },
      { amountMinor: 300, tipsMinor: 30, orderIds: ['o2', 'o3', 'o2'] },
      { amountMinor: 1300, tipsMinor: 130, orderIds: ['o1', 'o2', 'o3'] },
    ],
    [
      'repeated ids inside the existing entry are folded too',
      { orderIds: ['o1', 'o1'] },
      { amountMinor: 0, tipsMinor: 0, orderIds: [] },
      { amountMinor: 1000, tipsMinor: 100, orderIds: ['o1'] },
    ],
    [
      'custom tips and cash',
      { chosenTips: 'custom', paymentType: 'cash', tipsMinor: 0 },
      { chosenTips: 'custom', paymentType: 'cash', amountMinor: 1, tipsMinor: 1, orderIds: ['o9'] },
      { amountMinor: 1001, tipsMinor: 1, orderIds: ['o1', 'o9'] },
    ],
    [
      'huge sums stay exact',
      { amountMinor: HUGE - 1, tipsMinor: 0 },
      { amountMinor: 1, tipsMinor: HUGE },
      { amountMinor: HUGE, tipsMinor: HUGE },
    ],
  ])('%s', (_label, existing, addition, expected) => {
    const merged = mergePendingPayment(entry(existing), entry({ ...existing, ...addition }));
    expect(merged).toEqual({ ...entry(existing), ...expected });
  });

  it('returns only the merged fields and leaves its inputs untouched', () => {
    const existing = { ...entry(), id: 'p1', status: 'open' };
    const addition = entry({ orderIds: ['o2'] });
    const merged = mergePendingPayment(existing, addition);
    expect(merged).not.toHaveProperty('id');
    expect(existing.orderIds).toEqual(['o1']);
    expect(addition.orderIds).toEqual(['o2']);
  });

  it.each<[string, Partial<PendingPaymentAmounts>]>([
    ['another payer', { payerUserId: 'u2' }],
    ['another tip choice', { chosenTips: '15' }],
    ['another payment type', { paymentType: 'mobile_transfer' }],
  ])('refuses %s with PENDING_PAYMENT_MISMATCH', (_label, addition) => {
    expect(canMergePendingPayments(entry(), entry(addition))).toBe(false);
    expectDomainError(() => mergePendingPayment(entry(), entry(addition)), 'PENDING_PAYMENT_MISMATCH');
  });

  it.each<[string, Partial<PendingPaymentAmounts>, Partial<PendingPaymentAmounts>, DomainErrorCode]>([
    ['a negative amount', { amountMinor: -1 }, {}, 'INVALID_AMOUNT'],
    ['a fractional tip', {}, { tipsMinor: 0.5 }, 'INVALID_AMOUNT'],
    ['an amount sum that overflows', { amountMinor: HUGE }, { amountMinor: 1 }, 'INVALID_AMOUNT'],
    ['a tips sum that overflows', { tipsMinor: HUGE }, { tipsMinor: 1 }, 'INVALID_AMOUNT'],
  ])('rejects %s', (_label, existing, addition, code) => {
    expectDomainError(() => mergePendingPayment(entry(existing), entry(addition)), code);
  });

  it('is associative in sums and counts every order once', () => {
    const part = fc.record({
      amountMinor: fc.integer({ min: 0, max: 1_000_000_000 }),
      tipsMinor: fc.integer({ min: 0, max: 1_000_000_000 }),
      orderIds: fc.array(fc.constantFrom('o1', 'o2', 'o3', 'o4', 'o5', 'o6'), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(part, part, part, (a, b, c) => {
        const [x, y, z] = [entry(a), entry(b), entry(c)];
        const left = mergePendingPayment(mergePendingPayment(x, y), z);
        const right = mergePendingPayment(x, mergePendingPayment(y, z));
        expect(left.amountMinor).toBe(a.amountMinor + b.amountMinor + c.amountMinor);
        expect(left.tipsMinor).toBe(a.tipsMinor + b.tipsMinor + c.tipsMinor);
        expect(right.amountMinor).toBe(left.amountMinor);
        expect(right.tipsMinor).toBe(left.tipsMinor);
        expect(left.orderIds).toEqual(right.orderIds);
        expect(new Set(left.orderIds).size).toBe(left.orderIds.length);
        expect(new Set(left.orderIds)).toEqual(new Set([...a.orderIds, ...b.orderIds, ...c.orderIds]));
      }),
    );
  });
});
