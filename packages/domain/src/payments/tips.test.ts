import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.ts';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { isTipChoice, percentTip, TIP_CHOICES, tipFor, type TipChoice } from './tips.ts';

const HUGE = Number.MAX_SAFE_INTEGER;

describe('TIP_CHOICES', () => {
  it('offers 0, 10, 15, 20 percent and custom', () => {
    expect(TIP_CHOICES).toEqual(['0', '10', '15', '20', 'custom']);
  });

  it.each<[unknown, boolean]>([
    ['0', true],
    ['20', true],
    ['custom', true],
    ['5', false],
    ['', false],
    [10, false],
    [null, false],
    [undefined, false],
  ])('isTipChoice(%j) = %s', (value, expected) => {
    expect(isTipChoice(value)).toBe(expected);
  });
});

describe('percentTip', () => {
  it.each<[number, number, number]>([
    [0, 10, 0],
    [1000, 0, 0],
    [1000, 10, 100],
    [1990, 15, 299], // 298.5 → 299 (half up)
    [1, 50, 1], // 0.5 → 1
    [1, 49, 0], // 0.49 → 0
    [5, 10, 1], // 0.5 → 1
    [4, 10, 0], // 0.4 → 0
    [333, 15, 50], // 49.95 → 50
    [1000, 100, 1000],
    [90_071_992_547_409, 100, 90_071_992_547_409],
  ])('percentTip(%i, %i) = %i', (amount, percent, expected) => {
    expect(percentTip(amount, percent)).toBe(expected);
  });

  it.each<[number, number, DomainErrorCode]>([
    [-1, 10, 'INVALID_AMOUNT'],
    [1.5, 10, 'INVALID_AMOUNT'],
    [HUGE, 10, 'INVALID_AMOUNT'], // amount × percent overflows
    [100, -1, 'INVALID_TIPS'],
    [100, 101, 'INVALID_TIPS'],
    [100, 12.5, 'INVALID_TIPS'],
    [100, Number.NaN, 'INVALID_TIPS'],
  ])('percentTip(%s, %s) throws %s', (amount, percent, code) => {
    expectDomainError(() => percentTip(amount, percent), code);
  });

  it('stays within [0, amount] and within half a unit of the exact percent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Math.floor(HUGE / 100) - 1 }),
        fc.integer({ min: 0, max: 100 }),
        (amount, percent) => {
          const tip = percentTip(amount, percent);
          expect(tip).toBeGreaterThanOrEqual(0);
          expect(tip).toBeLessThanOrEqual(amount);
          // |100 × tip − amount × percent| ≤ 50, ties rounded up: checked exactly with BigInt
          const difference = BigInt(tip) * 100n - BigInt(amount) * BigInt(percent);
          expect(difference >= -49n && difference <= 50n).toBe(true);
        },
      ),
    );
  });
});

describe('tipFor', () => {
  it.each<[number, TipChoice, number | null | undefined, number]>([
    [1000, '0', undefined, 0],
    [1000, '10', undefined, 100],
    [1990, '15', undefined, 299],
    [1990, '20', null, 398],
    [0, '20', undefined, 0],
    [1000, 'custom', 0, 0],
    [1000, 'custom', 250, 250],
    [1000, 'custom', 1000, 1000],
    [0, 'custom', 0, 0],
  ])('tipFor(%i, %s, %s) = %i', (amount, choice, custom, expected) => {
    expect(tipFor(amount, choice, custom)).toBe(expected);
  });

  it.each<[string, number, string, number | undefined, DomainErrorCode]>([
    ['an unknown choice', 1000, '5', undefined, 'INVALID_TIPS'],
    ['a number as choice', 1000, 10 as never, undefined, 'INVALID_TIPS'],
    ['custom without a tip', 1000, 'custom', undefined, 'INVALID_TIPS'],
    ['a custom tip above the amount', 1000, 'custom', 1001, 'INVALID_TIPS'],
    ['a negative custom tip', 1000, 'custom', -1, 'INVALID_TIPS'],
    ['a fractional custom tip', 1000, 'custom', 0.5, 'INVALID_TIPS'],
    ['a custom tip with a percent choice', 1000, '10', 100, 'INVALID_TIPS'],
    ['a negative amount', -1, '10', undefined, 'INVALID_AMOUNT'],
    ['a fractional amount', 10.5, 'custom', 1, 'INVALID_AMOUNT'],
  ])('rejects %s', (_label, amount, choice, custom, code) => {
    expectDomainError(() => tipFor(amount, choice as TipChoice, custom), code);
  });

  it('is within [0, amount] for every choice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.constantFrom(...TIP_CHOICES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amount, choice, fraction) => {
          const custom = choice === 'custom' ? Math.floor(amount * fraction) : undefined;
          const tip = tipFor(amount, choice, custom);
          expect(Number.isSafeInteger(tip)).toBe(true);
          expect(tip).toBeGreaterThanOrEqual(0);
          expect(tip).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });
});
