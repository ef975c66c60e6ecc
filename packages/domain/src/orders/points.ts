import { assertCount, assertExact } from '../currency/whole-numbers.ts';
import { DomainError } from '../errors.ts';
import {
  assertQuantity,
  priceProduct,
  type PreferenceSelections,
  type PricedProduct,
  type ProductPrice,
} from '../pricing/price-product.ts';

/** A product as an order line reads it: its money price and, when it may be paid with points, its points price. */
export interface OrderableProduct extends PricedProduct {
  /** Points for one unit, options included: an integer ≥ 0; null/absent = cannot be paid with points. */
  pointsPrice?: number | null;
}

/**
 * Points for `quantity` units of a product whose points price is `pointsPrice`: `pointsPrice × quantity`
 * (options cost no extra points).
 * @throws DomainError `INVALID_POINTS` — points price not an integer ≥ 0, or the cost overflows.
 * @throws DomainError `INVALID_QUANTITY` — quantity not an integer ≥ 1.
 */
export function pointsCost(pointsPrice: number, quantity: number): number {
  assertCount(pointsPrice, 'points price', 'INVALID_POINTS');
  assertQuantity(quantity);
  return assertExact(pointsPrice * quantity, 'points cost', 'INVALID_POINTS');
}

/**
 * Whether a balance covers a cost: redeeming never takes a balance below 0.
 * @throws DomainError `INVALID_POINTS` — balance or cost not an integer ≥ 0.
 */
export function canRedeem(balance: number, cost: number): boolean {
  assertCount(balance, 'points balance', 'INVALID_POINTS');
  assertCount(cost, 'points cost', 'INVALID_POINTS');
  return balance >= cost;
}

/**
 * The balance left after spending `cost` points.
 * @throws DomainError `NOT_ENOUGH_POINTS` — the balance is smaller than the cost.
 * @throws DomainError `INVALID_POINTS` — balance or cost not an integer ≥ 0.
 */
export function redeemPoints(balance: number, cost: number): number {
  if (!canRedeem(balance, cost)) {
    throw new DomainError('NOT_ENOUGH_POINTS', `a balance of ${balance} points does not cover ${cost}`);
  }
  return balance - cost;
}

/**
 * The points price of one unit of `product`.
 * @throws DomainError `NOT_PAYABLE_WITH_POINTS` — the product has no points price.
 * @throws DomainError `INVALID_POINTS` — the points price is not an integer ≥ 0.
 */
export function unitPointsPrice(product: OrderableProduct): number {
  if (product.pointsPrice == null) {
    throw new DomainError('NOT_PAYABLE_WITH_POINTS', 'this product has no points price');
  }
  return assertCount(product.pointsPrice, 'points price', 'INVALID_POINTS');
}

export interface OrderLineInput {
  product: OrderableProduct;
  selections?: PreferenceSelections | null;
  /** Units ordered: an integer ≥ 1. */
  quantity: number;
  payWithPoints?: boolean | null;
}

/** The money price of a line (integer minor units) and the points it spends. */
export interface OrderLinePrice extends ProductPrice {
  /** 0 unless the line is paid with points. */
  pointsSpent: number;
}

/**
 * Price of one order line, the one rule the server and the web both run:
 * - paid with money: {@link priceProduct}, and 0 points;
 * - paid with points: 0 money (every money field 0) and `pointsPrice × quantity` points
 *   ({@link pointsCost}); the selections must still be valid for the product.
 * @throws DomainError `NOT_PAYABLE_WITH_POINTS` — paid with points, but the product has no points price.
 * @throws DomainError every error of {@link priceProduct} and {@link pointsCost}.
 */
export function priceOrderLine(input: OrderLineInput): OrderLinePrice {
  const price = priceProduct(input);
  if (!input.payWithPoints) return { ...price, pointsSpent: 0 };
  return {
    unitPriceMinor: 0,
    subtotalMinor: 0,
    discountMinor: 0,
    totalMinor: 0,
    pointsSpent: pointsCost(unitPointsPrice(input.product), input.quantity),
  };
}
