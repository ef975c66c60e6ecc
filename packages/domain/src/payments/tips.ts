import { assertCount, assertExact, floorDiv } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';

/** The tip choices a payer picks from (none is pre-selected): a percent of the amount, or custom. */
export const TIP_CHOICES = ['0', '10', '15', '20', 'custom'] as const;
export type TipChoice = (typeof TIP_CHOICES)[number];

/** Whether `value` is one of {@link TIP_CHOICES}. */
export function isTipChoice(value: unknown): value is TipChoice {
  return typeof value === 'string' && (TIP_CHOICES as readonly string[]).includes(value);
}

/**
 * `percent` % of `amountMinor`, rounded half up to a whole minor unit (integer arithmetic only):
 * 15 % of 1 990 is 298.5 → 299. For a percent from 0 to 100 the result is within [0, amount].
 * @throws DomainError `INVALID_AMOUNT` — amount not an integer ≥ 0, or the result would overflow.
 * @throws DomainError `INVALID_TIPS` — percent not an integer from 0 to 100.
 */
export function percentTip(amountMinor: number, percent: number): number {
  assertCount(amountMinor, 'amount');
  if (!Number.isSafeInteger(percent) || percent < 0 || percent > 100) {
    throw new DomainError('INVALID_TIPS', `tip percent must be an integer 0–100, got ${percent}`);
  }
  const scaled = assertExact(amountMinor * percent + 50, 'tip');
  return floorDiv(scaled, 100);
}

/**
 * The tip of a payment of `amountMinor` (tips excluded): for '0', '10', '15' or '20' that percent
 * rounded half up ({@link percentTip}); for 'custom' the given `customTipsMinor`, a whole number
 * from 0 up to the amount. A custom amount is only accepted with 'custom'.
 * @throws DomainError `INVALID_TIPS` — unknown choice; 'custom' without a tip, or one below 0,
 *   fractional or above the amount; a custom tip given with a percent choice.
 * @throws DomainError `INVALID_AMOUNT` — amount not an integer ≥ 0.
 */
export function tipFor(amountMinor: number, chosenTips: TipChoice, customTipsMinor?: number | null): number {
  assertCount(amountMinor, 'amount');
  if (!isTipChoice(chosenTips)) {
    throw new DomainError('INVALID_TIPS', `chosenTips must be one of ${TIP_CHOICES.join(', ')}`);
  }
  if (chosenTips !== 'custom') {
    if (customTipsMinor != null) {
      throw new DomainError('INVALID_TIPS', `a custom tip is only taken with chosenTips 'custom'`);
    }
    return percentTip(amountMinor, Number(chosenTips));
  }
  if (customTipsMinor == null) throw new DomainError('INVALID_TIPS', `chosenTips 'custom' needs a tip`);
  assertCount(customTipsMinor, 'custom tip', 'INVALID_TIPS');
  if (customTipsMinor > amountMinor) {
    throw new DomainError(
      'INVALID_TIPS',
      `custom tip ${customTipsMinor} is more than the amount ${amountMinor}`,
    );
  }
  return customTipsMinor;
}
