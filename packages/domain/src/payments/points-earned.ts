import { assertCount, assertExact, floorDiv } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';

/** A restaurant's earning rate: `pointsRatePoints` points per `pointsRatePerMinor` minor units paid. */
export interface PointsRate {
  /** Integer ≥ 0 (0: the restaurant gives no points). */
  pointsRatePoints: number;
  /** Integer ≥ 1. */
  pointsRatePerMinor: number;
}

/**
 * Points a payer earns for an approved or confirmed payment of `amountMinor`:
 * `floor(amount × pointsRatePoints / pointsRatePerMinor)`, so part of a step earns nothing
 * (1 point per 1 000 CLP: 2 999 CLP → 2 points). The caller passes the amount without the tip.
 * @throws DomainError `INVALID_AMOUNT` — amount not an integer ≥ 0, or amount × points overflows.
 * @throws DomainError `INVALID_POINTS_RATE` — points not an integer ≥ 0, or per-minor not an integer ≥ 1.
 */
export function pointsEarned(amountMinor: number, rate: PointsRate): number {
  assertCount(amountMinor, 'amount');
  assertCount(rate.pointsRatePoints, 'pointsRatePoints', 'INVALID_POINTS_RATE');
  if (!Number.isSafeInteger(rate.pointsRatePerMinor) || rate.pointsRatePerMinor < 1) {
    throw new DomainError(
      'INVALID_POINTS_RATE',
      `pointsRatePerMinor must be an integer ≥ 1, got ${rate.pointsRatePerMinor}`,
    );
  }
  const scaled = assertExact(amountMinor * rate.pointsRatePoints, 'amount × points');
  return floorDiv(scaled, rate.pointsRatePerMinor);
}
