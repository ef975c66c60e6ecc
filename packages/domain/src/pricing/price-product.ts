import { DomainError } from '../errors.ts';

/** One choice of a product preference, e.g. "Extra queso" for +500 minor units. */
export interface PreferenceOption {
  key: string;
  name?: unknown;
  /** Price added per unit of the option, integer minor units, ≥ 0. */
  priceMinor: number;
  /** Upper bound of the option quantity in a multiple-choice preference; absent/null = no bound. */
  maxQuantity?: number | null;
}

/** A product preference: single-choice (`multiple: false`, at most one option) or multiple-choice. */
export interface ProductPreference {
  key: string;
  name?: unknown;
  multiple: boolean;
  /** At least one of its options must be chosen ({@link missingRequiredPreferences}); absent = optional. */
  required?: boolean | null;
  options: readonly PreferenceOption[];
}

/** What the diner picked: one option of one preference, with its quantity (1 for single-choice). */
export interface PreferenceSelection {
  preferenceKey: string;
  optionKey: string;
  quantity: number;
}

export type PreferenceSelections = readonly PreferenceSelection[];

export const DISCOUNT_TYPES = ['amount', 'percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** The product fields that take part in pricing (a full product row satisfies it). */
export interface PricedProduct {
  /** Base price, integer minor units, ≥ 0. */
  priceMinor: number;
  preferences?: readonly ProductPreference[] | null;
  /** `amount`: minor units off each unit; `percent`: 0–100 off each unit. null/0 = no discount. */
  discount?: number | null;
  discountType?: DiscountType | null;
}

export interface PriceProductInput {
  product: PricedProduct;
  selections?: PreferenceSelections | null;
  /** Units ordered: an integer ≥ 1. */
  quantity: number;
}

/** Every field is integer minor units of the restaurant's currency. */
export interface ProductPrice {
  /** Price of one unit before the discount: base + single-choice options + Σ multiple-choice option × quantity. */
  unitPriceMinor: number;
  /** unitPriceMinor × quantity. */
  subtotalMinor: number;
  /** Discount of one unit × quantity; never more than the subtotal. */
  discountMinor: number;
  /** subtotalMinor − discountMinor, never below 0. */
  totalMinor: number;
}

const PERCENT_SCALE = 100; // percent → basis points (hundredths of a percent)
const BASIS_POINTS_PER_WHOLE = 100 * PERCENT_SCALE;

function assertSafe(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new DomainError('INVALID_AMOUNT', `${what} overflows: ${value}`);
  return value;
}

function assertPrice(priceMinor: number, what: string): void {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0) {
    throw new DomainError(
      'INVALID_PRICE',
      `${what} must be a non-negative integer of minor units, got ${priceMinor}`,
    );
  }
}

/**
 * Rejects a quantity below 1 (docs/product.md#quantity) or a non-integer one.
 * @throws DomainError `INVALID_QUANTITY`
 */
export function assertQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new DomainError('INVALID_QUANTITY', `quantity must be an integer ≥ 1, got ${quantity}`);
  }
}

/**
 * For quantity steppers: the nearest acceptable quantity — rounded down to an integer, at least 1,
 * at most `max` when given. NaN or ±Infinity (with no `max` for +Infinity) give 1.
 */
export function clampQuantity(quantity: number, max?: number): number {
  let value = Number.isNaN(quantity) ? 1 : Math.floor(quantity);
  if (max !== undefined && !Number.isNaN(max)) value = Math.min(value, Math.floor(max));
  if (!Number.isFinite(value)) return 1;
  return Math.max(1, value);
}

/** Sum of the selected option prices for ONE unit of the product, after validating the selection. */
function optionsPricePerUnit(
  preferences: readonly ProductPreference[],
  selections: PreferenceSelections,
): number {
  const byKey = new Map<string, ProductPreference>();
  for (const preference of preferences) if (!byKey.has(preference.key)) byKey.set(preference.key, preference);

  const chosenSingle = new Set<string>();
  const chosenMultiple = new Set<string>();
  let sum = 0;

  for (const selection of selections) {
    const preference = byKey.get(selection.preferenceKey);
    if (!preference) {
      throw new DomainError('INVALID_PREFERENCE', `unknown preference "${selection.preferenceKey}"`);
    }
    const option = preference.options.find((candidate) => candidate.key === selection.optionKey);
    if (!option) {
      throw new DomainError(
        'INVALID_PREFERENCE',
        `unknown option "${selection.optionKey}" in preference "${selection.preferenceKey}"`,
      );
    }
    const { quantity } = selection;
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new DomainError('INVALID_PREFERENCE', `option quantity must be an integer ≥ 1, got ${quantity}`);
    }
    if (preference.multiple) {
      const pairKey = JSON.stringify([preference.key, option.key]);
      if (chosenMultiple.has(pairKey)) {
        throw new DomainError(
          'INVALID_PREFERENCE',
          `option "${option.key}" selected twice in "${preference.key}"`,
        );
      }
      chosenMultiple.add(pairKey);
      if (option.maxQuantity != null && quantity > option.maxQuantity) {
        throw new DomainError(
          'INVALID_PREFERENCE',
          `option "${option.key}" allows at most ${option.maxQuantity}, got ${quantity}`,
        );
      }
    } else {
      if (chosenSingle.has(preference.key)) {
        throw new DomainError(
          'INVALID_PREFERENCE',
          `single-choice preference "${preference.key}" has several options`,
        );
      }
      chosenSingle.add(preference.key);
      if (quantity !== 1) {
        throw new DomainError(
          'INVALID_PREFERENCE',
          `single-choice option quantity must be 1, got ${quantity}`,
        );
      }
    }
    assertPrice(option.priceMinor, `price of option "${option.key}"`);
    sum = assertSafe(sum + option.priceMinor * quantity, 'options price');
  }
  return sum;
}

/** Discount of ONE unit whose price is `unitPriceMinor`; between 0 and `unitPriceMinor`. */
function unitDiscount(unitPriceMinor: number, product: PricedProduct): number {
  const { discount, discountType } = product;
  if (discount == null || discount === 0) return 0;
  if (!Number.isFinite(discount) || discount < 0) {
    throw new DomainError('INVALID_DISCOUNT', `discount must be ≥ 0, got ${discount}`);
  }
  if (discountType === 'amount') {
    if (!Number.isSafeInteger(discount)) {
      throw new DomainError(
        'INVALID_DISCOUNT',
        `amount discount must be integer minor units, got ${discount}`,
      );
    }
    return Math.min(discount, unitPriceMinor);
  }
  if (discountType === 'percent') {
    if (discount > 100)
      throw new DomainError('INVALID_DISCOUNT', `percent discount must be ≤ 100, got ${discount}`);
    const basisPoints = Math.round(discount * PERCENT_SCALE);
    // round half up: floor((price × bp + 5000) / 10000), done with exact integer operations
    const scaled = assertSafe(unitPriceMinor * basisPoints + BASIS_POINTS_PER_WHOLE / 2, 'discount');
    return (scaled - (scaled % BASIS_POINTS_PER_WHOLE)) / BASIS_POINTS_PER_WHOLE;
  }
  throw new DomainError(
    'INVALID_DISCOUNT',
    `discount ${discount} has no valid discountType (amount | percent)`,
  );
}

/**
 * Price of one order line (docs/product.md#pricing-a-product), in integer minor units.
 *
 * - unit price = base price + price of each selected single-choice option
 *   + Σ (multiple-choice option price × option quantity);
 * - subtotal = unit price × quantity;
 * - the discount applies PER UNIT to the unit price (base + options):
 *   - `amount`: `discount` minor units off each unit, capped at the unit price (a unit never goes below 0);
 *   - `percent`: `discount` % of the unit price, rounded HALF UP to a whole minor unit per unit
 *     (percent is taken to 2 decimals, i.e. basis points; 12.5 % is fine);
 *   - line discount = unit discount × quantity, so every unit of a line costs the same;
 * - total = subtotal − discount, never below 0.
 *
 * Only integer arithmetic is used; there is no floating-point money.
 *
 * @throws DomainError `INVALID_QUANTITY` — quantity not an integer ≥ 1.
 * @throws DomainError `INVALID_PREFERENCE` — unknown preference or option; two options (or the same
 *   one twice) in a single-choice preference; the same option twice in a multiple-choice preference;
 *   option quantity not an integer ≥ 1, above `maxQuantity`, or ≠ 1 in a single-choice preference.
 * @throws DomainError `INVALID_PRICE` — base or selected option price not a non-negative integer.
 * @throws DomainError `INVALID_DISCOUNT` — negative discount, percent above 100, fractional amount,
 *   or a non-zero discount without a valid `discountType`.
 * @throws DomainError `INVALID_AMOUNT` — result beyond Number.MAX_SAFE_INTEGER.
 */
export function priceProduct(input: PriceProductInput): ProductPrice {
  const { product, quantity } = input;
  assertQuantity(quantity);
  assertPrice(product.priceMinor, 'product price');

  const options = optionsPricePerUnit(product.preferences ?? [], input.selections ?? []);
  const unitPriceMinor = assertSafe(product.priceMinor + options, 'unit price');
  const subtotalMinor = assertSafe(unitPriceMinor * quantity, 'subtotal');
  const discountMinor = unitDiscount(unitPriceMinor, product) * quantity;
  return {
    unitPriceMinor,
    subtotalMinor,
    discountMinor,
    totalMinor: Math.max(0, subtotalMinor - discountMinor),
  };
}

/**
 * The required preferences that `selections` leave without an option, in the product's order
 * (docs/product.md#orders: a dish is not ordered until its required preferences are chosen). A
 * selection counts for a preference only when it names one of that preference's options;
 * `priceProduct` refuses the other malformed selections.
 */
export function missingRequiredPreferences<P extends ProductPreference>(
  preferences: readonly P[] | null | undefined,
  selections: PreferenceSelections | null | undefined,
): P[] {
  const chosen = (preference: P) =>
    (selections ?? []).some(
      (selection) =>
        selection.preferenceKey === preference.key &&
        preference.options.some((option) => option.key === selection.optionKey),
    );
  return (preferences ?? []).filter((preference) => preference.required === true && !chosen(preference));
}

/**
 * Refuses selections that leave a required preference without an option.
 * @throws DomainError `REQUIRED_PREFERENCE_MISSING` — naming the first such preference.
 */
export function assertRequiredPreferences(
  preferences: readonly ProductPreference[] | null | undefined,
  selections: PreferenceSelections | null | undefined,
): void {
  const missing = missingRequiredPreferences(preferences, selections);
  if (missing.length > 0) {
    throw new DomainError(
      'REQUIRED_PREFERENCE_MISSING',
      `choose an option of ${missing.map((preference) => `"${preference.key}"`).join(', ')}`,
    );
  }
}
