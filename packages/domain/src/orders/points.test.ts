import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.ts';
import type { PreferenceSelection } from '../pricing/price-product.ts';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  canRedeem,
  pointsCost,
  priceOrderLine,
  redeemPoints,
  unitPointsPrice,
  type OrderableProduct,
  type OrderLinePrice,
} from './points.ts';

const HUGE = Number.MAX_SAFE_INTEGER;

const pizza: OrderableProduct = {
  priceMinor: 9000,
  pointsPrice: 120,
  discount: 10,
  discountType: 'percent',
  preferences: [
    {
      key: 'extras',
      multiple: true,
      options: [{ key: 'cheese', priceMinor: 500, maxQuantity: 3 }],
    },
  ],
};
const water: OrderableProduct = { priceMinor: 1500 };
const cheese = (quantity: number): PreferenceSelection => ({
  preferenceKey: 'extras',
  optionKey: 'cheese',
  quantity,
});

describe('pointsCost', () => {
  it.each<[number, number, number]>([
    [120, 1, 120],
    [120, 3, 360],
    [0, 5, 0],
    [1, 99, 99],
    [HUGE, 1, HUGE],
  ])('pointsCost(%i, %i) = %i', (pointsPrice, quantity, expected) => {
    expect(pointsCost(pointsPrice, quantity)).toBe(expected);
  });

  it.each<[number, number, DomainErrorCode]>([
    [-1, 1, 'INVALID_POINTS'],
    [1.5, 1, 'INVALID_POINTS'],
    [Number.NaN, 1, 'INVALID_POINTS'],
    [HUGE, 2, 'INVALID_POINTS'],
    [100, 0, 'INVALID_QUANTITY'],
    [100, -1, 'INVALID_QUANTITY'],
    [100, 1.5, 'INVALID_QUANTITY'],
  ])('pointsCost(%s, %s) throws %s', (pointsPrice, quantity, code) => {
    expectDomainError(() => pointsCost(pointsPrice, quantity), code);
  });
});

describe('canRedeem and redeemPoints', () => {
  it.each<[number, number, boolean, number | null]>([
    [100, 0, true, 100],
    [100, 99, true, 1],
    [100, 100, true, 0],
    [100, 101, false, null],
    [0, 0, true, 0],
    [0, 1, false, null],
    [HUGE, HUGE, true, 0],
  ])('balance %i, cost %i → can redeem %s, new balance %s', (balance, cost, can, left) => {
    expect(canRedeem(balance, cost)).toBe(can);
    if (left === null) expectDomainError(() => redeemPoints(balance, cost), 'NOT_ENOUGH_POINTS');
    else expect(redeemPoints(balance, cost)).toBe(left);
  });

  it.each<[number, number]>([
    [-1, 0],
    [10, -1],
    [1.5, 1],
    [10, Number.NaN],
    [HUGE + 1, 1],
  ])('rejects balance %s, cost %s with INVALID_POINTS', (balance, cost) => {
    expectDomainError(() => canRedeem(balance, cost), 'INVALID_POINTS');
    expectDomainError(() => redeemPoints(balance, cost), 'INVALID_POINTS');
  });

  it('never leaves a balance below 0', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (balance, cost) => {
        if (canRedeem(balance, cost)) {
          expect(redeemPoints(balance, cost)).toBe(balance - cost);
          expect(balance - cost).toBeGreaterThanOrEqual(0);
        } else {
          expect(cost).toBeGreaterThan(balance);
          expectDomainError(() => redeemPoints(balance, cost), 'NOT_ENOUGH_POINTS');
        }
      }),
    );
  });
});

describe('unitPointsPrice', () => {
  it.each<[OrderableProduct, number]>([
    [pizza, 120],
    [{ priceMinor: 100, pointsPrice: 0 }, 0],
  ])('%j → %i', (product, expected) => {
    expect(unitPointsPrice(product)).toBe(expected);
  });

  it.each<[string, OrderableProduct, DomainErrorCode]>([
    ['no points price', water, 'NOT_PAYABLE_WITH_POINTS'],
    ['a null points price', { priceMinor: 100, pointsPrice: null }, 'NOT_PAYABLE_WITH_POINTS'],
    ['a negative points price', { priceMinor: 100, pointsPrice: -5 }, 'INVALID_POINTS'],
    ['a fractional points price', { priceMinor: 100, pointsPrice: 2.5 }, 'INVALID_POINTS'],
  ])('rejects %s', (_label, product, code) => {
    expectDomainError(() => unitPointsPrice(product), code);
  });
});

describe('priceOrderLine', () => {
  const money = (
    unitPriceMinor: number,
    subtotalMinor: number,
    discountMinor: number,
    totalMinor: number,
  ): OrderLinePrice => ({ unitPriceMinor, subtotalMinor, discountMinor, totalMinor, pointsSpent: 0 });
  const points = (pointsSpent: number): OrderLinePrice => ({
    unitPriceMinor: 0,
    subtotalMinor: 0,
    discountMinor: 0,
    totalMinor: 0,
    pointsSpent,
  });

  it.each<
    [string, OrderableProduct, PreferenceSelection[], number, boolean | null | undefined, OrderLinePrice]
  >([
    ['money, as priceProduct', pizza, [], 2, false, money(9000, 18000, 1800, 16200)],
    ['money with options', pizza, [cheese(2)], 1, undefined, money(10000, 10000, 1000, 9000)],
    ['money, payWithPoints null', water, [], 3, null, money(1500, 4500, 0, 4500)],
    ['points: 0 money, points × quantity', pizza, [], 3, true, points(360)],
    ['points: options cost no extra points', pizza, [cheese(3)], 2, true, points(240)],
    ['points: a points price of 0', { priceMinor: 500, pointsPrice: 0 }, [], 4, true, points(0)],
  ])('%s', (_label, product, selections, quantity, payWithPoints, expected) => {
    expect(priceOrderLine({ product, selections, quantity, payWithPoints })).toEqual(expected);
  });

  it.each<[string, OrderableProduct, PreferenceSelection[], number, boolean, DomainErrorCode]>([
    ['points on a product without a points price', water, [], 1, true, 'NOT_PAYABLE_WITH_POINTS'],
    ['points with an invalid option', pizza, [cheese(4)], 1, true, 'INVALID_PREFERENCE'],
    ['money with an unknown option', water, [cheese(1)], 1, false, 'INVALID_PREFERENCE'],
    ['quantity 0', pizza, [], 0, false, 'INVALID_QUANTITY'],
    ['quantity 0 with points', pizza, [], 0, true, 'INVALID_QUANTITY'],
    ['points that overflow', { priceMinor: 1, pointsPrice: HUGE }, [], 2, true, 'INVALID_POINTS'],
  ])('rejects %s', (_label, product, selections, quantity, payWithPoints, code) => {
    expectDomainError(() => priceOrderLine({ product, selections, quantity, payWithPoints }), code);
  });
});
