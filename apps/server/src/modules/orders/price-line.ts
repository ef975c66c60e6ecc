/**
 * One dish line as the server prices it (docs/product.md#orders), from the product row read in
 * the ordering transaction and the diner's choice — the rules of packages/domain only:
 * - the product must be on the menu now in the restaurant's zone (`isProductVisible`: hidden,
 *   schedule, weekdays) → else 409 PRODUCT_UNAVAILABLE; its stock is the guarded UPDATE's
 *   business (stock.ts), so a sold-out dish is always 409 OUT_OF_STOCK, whoever got there first;
 * - paid with points only when it has a points price above 0 → else 409 POINTS_NOT_ACCEPTED;
 * - priced by `priceOrderLine` (`priceProduct`, or `pointsPrice × quantity` points); its
 *   refusals are 400 VALIDATION_FAILED with the domain's code as `details.reason`;
 * - every required preference chosen (`missingRequiredPreferences`) → else 400
 *   REQUIRED_PREFERENCE_MISSING (`details.preferenceKeys`);
 * - a line whose price or points would not fit the database's integers → 400 `INVALID_AMOUNT`.
 * Every refusal names the item: `details` carries what the caller passes as `where`.
 */
import type { CreateOrderInput } from '@comensal/contracts';
import {
  isDomainError,
  isProductVisible,
  missingRequiredPreferences,
  priceOrderLine,
  type LocalMoment,
  type PreferenceSelection,
} from '@comensal/domain';
import { AppError, fromDomainError } from '../../lib/app-error.ts';
import type { OrderedSelection, OrderProductRow } from './orders-repository.ts';

/** The largest amount (or points) a line keeps: the database's integer columns. */
const MAX_STORED_AMOUNT = 2_147_483_647;

/** Where a refusal happened: the item's position in the batch and its product. */
export interface ItemRef {
  index?: number;
  productId: string;
}

export interface PricedLine {
  unitPriceMinor: number;
  discountMinor: number;
  totalPriceMinor: number;
  pointsSpent: number;
  /** The choices with their names and prices as they are now (kept with the order). */
  preferences: OrderedSelection[];
}

/** Runs a domain rule; its DomainError becomes the answer it maps to (lib/app-error.ts), naming the item. */
export function atItem<T>(where: ItemRef, rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (isDomainError(error)) throw fromDomainError(error, { ...where });
    throw error;
  }
}

/** 409 PRODUCT_UNAVAILABLE unless the product is on the menu at `moment` (its stock aside). */
export function assertOrderable(product: OrderProductRow, moment: LocalMoment, where: ItemRef): void {
  const onMenu = atItem(where, () =>
    isProductVisible({ ...product, preventSaleWithoutStock: false }, moment),
  );
  if (!onMenu) {
    throw new AppError('PRODUCT_UNAVAILABLE', 'This dish is not on the menu right now', where);
  }
}

function snapshot(product: OrderProductRow, selections: readonly PreferenceSelection[]): OrderedSelection[] {
  return selections.map((selection) => {
    const preference = product.preferences.find((candidate) => candidate.key === selection.preferenceKey);
    const option = preference?.options.find((candidate) => candidate.key === selection.optionKey);
    // priceOrderLine has checked that both exist
    if (!preference || !option) throw new Error(`selection ${selection.optionKey} vanished`);
    return {
      preferenceKey: selection.preferenceKey,
      optionKey: selection.optionKey,
      quantity: selection.quantity,
      preferenceName: preference.name,
      optionName: option.name,
      priceMinor: option.priceMinor,
    };
  });
}

/**
 * The line's prices and points for `input` (availability aside: see {@link assertOrderable}).
 * @throws AppError POINTS_NOT_ACCEPTED, VALIDATION_FAILED (`details.reason`).
 */
export function priceLine(
  product: OrderProductRow,
  input: Pick<CreateOrderInput, 'quantity' | 'selections' | 'payWithPoints'>,
  where: ItemRef,
): PricedLine {
  const selections = input.selections ?? [];
  const payWithPoints = input.payWithPoints === true;
  if (payWithPoints && !(product.pointsPrice !== null && product.pointsPrice > 0)) {
    throw new AppError('POINTS_NOT_ACCEPTED', 'This dish cannot be paid with points', where);
  }
  const price = atItem(where, () =>
    priceOrderLine({ product, selections, quantity: input.quantity, payWithPoints }),
  );
  const missing = missingRequiredPreferences(product.preferences, selections);
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Choose ${missing.map((p) => `"${p.key}"`).join(', ')} first`, {
      reason: 'REQUIRED_PREFERENCE_MISSING',
      preferenceKeys: missing.map((preference) => preference.key),
      ...where,
    });
  }
  const largest = Math.max(price.unitPriceMinor, price.subtotalMinor, price.pointsSpent);
  if (largest > MAX_STORED_AMOUNT) {
    throw new AppError('VALIDATION_FAILED', 'This line is too large to order at once; order fewer', {
      reason: 'INVALID_AMOUNT',
      ...where,
    });
  }
  return {
    unitPriceMinor: price.unitPriceMinor,
    discountMinor: price.discountMinor,
    totalPriceMinor: price.totalMinor,
    pointsSpent: price.pointsSpent,
    preferences: snapshot(product, selections),
  };
}
