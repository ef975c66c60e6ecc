import { DomainError, type DomainErrorCode } from '../errors.ts';

/**
 * Returns `value` when it is a whole number from 0 to Number.MAX_SAFE_INTEGER (money in minor
 * units, points, counters); otherwise throws DomainError `code` naming `what`.
 */
export function assertCount(value: number, what: string, code: DomainErrorCode = 'INVALID_AMOUNT'): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new DomainError(code, `${what} must be an integer ≥ 0, got ${value}`);
  }
  return value;
}

/**
 * Returns `value` when the arithmetic that produced it stayed exact (a safe integer); otherwise
 * throws DomainError `code`: the result went beyond Number.MAX_SAFE_INTEGER.
 */
export function assertExact(value: number, what: string, code: DomainErrorCode = 'INVALID_AMOUNT'): number {
  if (!Number.isSafeInteger(value)) throw new DomainError(code, `${what} overflows: ${value}`);
  return value;
}

/**
 * `floor(dividend / divisor)` for whole numbers ≥ 0, exact even near Number.MAX_SAFE_INTEGER
 * (a floating-point division could round up to the next integer there).
 */
export function floorDiv(dividend: number, divisor: number): number {
  return (dividend - (dividend % divisor)) / divisor;
}
