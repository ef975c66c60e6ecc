import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.ts';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { pointsEarned, type PointsRate } from './points-earned.ts';

const HUGE = Number.MAX_SAFE_INTEGER;
const rate = (pointsRatePoints: number, pointsRatePerMinor: number): PointsRate => ({
  pointsRatePoints,
  pointsRatePerMinor,
});
const CLP = rate(1, 1000); // 1 point per 1 000 CLP
const EUR = rate(1, 100); // 1 point per euro (100 cents)

describe('pointsEarned', () => {
  it.each<[string, number, PointsRate, number]>([
    ['nothing paid', 0, CLP, 0],
    ['less than one step', 999, CLP, 0],
    ['exactly one step', 1000, CLP, 1],
    ['part of a step earns nothing', 2999, CLP, 2],
    ['euros', 1250, EUR, 12],
    ['several points per step', 1000, rate(5, 1000), 5],
    ['a rate of 0 points', 1_000_000, rate(0, 1000), 0],
    ['one point per minor unit', 12_345, rate(1, 1), 12_345],
    ['rate in its lowest terms does not matter', 2999, rate(2, 2000), 2],
    ['huge amount, unit rate', HUGE, rate(1, 1), HUGE],
    ['huge amount, per-1000 rate', HUGE, CLP, 9_007_199_254_740],
  ])('%s: pointsEarned(%i, %j) = %i', (_label, amount, pointsRate, expected) => {
    expect(pointsEarned(amount, pointsRate)).toBe(expected);
  });

  it.each<[string, number, PointsRate, DomainErrorCode]>([
    ['a negative amount', -1, CLP, 'INVALID_AMOUNT'],
    ['a fractional amount', 10.5, CLP, 'INVALID_AMOUNT'],
    ['NaN', Number.NaN, CLP, 'INVALID_AMOUNT'],
    ['an overflowing product', HUGE, rate(2, 1000), 'INVALID_AMOUNT'],
    ['negative points', 1000, rate(-1, 1000), 'INVALID_POINTS_RATE'],
    ['fractional points', 1000, rate(1.5, 1000), 'INVALID_POINTS_RATE'],
    ['a zero step', 1000, rate(1, 0), 'INVALID_POINTS_RATE'],
    ['a negative step', 1000, rate(1, -1000), 'INVALID_POINTS_RATE'],
    ['a fractional step', 1000, rate(1, 0.5), 'INVALID_POINTS_RATE'],
  ])('rejects %s', (_label, amount, pointsRate, code) => {
    expectDomainError(() => pointsEarned(amount, pointsRate), code);
  });

  it('is floor(amount × points / step) exactly, and never decreases as the amount grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, points, perMinor, more) => {
          const earned = pointsEarned(amount, rate(points, perMinor));
          expect(earned).toBe(Number((BigInt(amount) * BigInt(points)) / BigInt(perMinor)));
          expect(pointsEarned(amount + more, rate(points, perMinor))).toBeGreaterThanOrEqual(earned);
        },
      ),
    );
  });
});
