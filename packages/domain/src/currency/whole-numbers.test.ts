import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { assertCount, assertExact, floorDiv } from './whole-numbers.ts';

const HUGE = Number.MAX_SAFE_INTEGER;

describe('assertCount', () => {
  it.each([0, 1, 42, HUGE])('returns %s', (value) => {
    expect(assertCount(value, 'amount')).toBe(value);
  });

  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, HUGE + 1])('rejects %s', (value) => {
    expectDomainError(() => assertCount(value, 'amount'), 'INVALID_AMOUNT');
    expectDomainError(() => assertCount(value, 'points', 'INVALID_POINTS'), 'INVALID_POINTS');
  });
});

describe('assertExact', () => {
  it.each([0, -5, HUGE, -HUGE])('returns %s', (value) => {
    expect(assertExact(value, 'sum')).toBe(value);
  });

  it.each([HUGE + 2, 0.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (value) => {
    expectDomainError(() => assertExact(value, 'sum'), 'INVALID_AMOUNT');
  });
});

describe('floorDiv', () => {
  it.each<[number, number, number]>([
    [0, 1, 0],
    [7, 1, 7],
    [7, 2, 3],
    [6, 3, 2],
    [2, 3, 0],
    [HUGE, 2, 4_503_599_627_370_495],
    [HUGE, 3, 3_002_399_751_580_330],
    [HUGE, HUGE, 1],
  ])('floorDiv(%i, %i) = %i', (dividend, divisor, expected) => {
    expect(floorDiv(dividend, divisor)).toBe(expected);
  });

  it('agrees with exact integer division for every safe dividend and divisor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: HUGE }), fc.integer({ min: 1, max: HUGE }), (a, b) => {
        expect(floorDiv(a, b)).toBe(Number(BigInt(a) / BigInt(b)));
      }),
    );
  });
});
