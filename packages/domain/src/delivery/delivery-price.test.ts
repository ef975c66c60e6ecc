import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { deliveryPrice, type DeliverySettings } from './delivery-price.ts';

// listed out of order on purpose: the rule is the smallest covering radius, not the first match
const zones: DeliverySettings = {
  mode: 'zones',
  zones: [
    { radiusMeters: 5000, priceMinor: 3000 },
    { radiusMeters: 1000, priceMinor: 1000 },
    { radiusMeters: 3000, priceMinor: 2000 },
  ],
};

describe('deliveryPrice', () => {
  it.each<[string, DeliverySettings, number, number | null]>([
    ['fixed, near', { mode: 'fixed', priceMinor: 2500 }, 0, 2500],
    ['fixed, far away', { mode: 'fixed', priceMinor: 2500 }, 1_000_000, 2500],
    ['fixed, free', { mode: 'fixed', priceMinor: 0 }, 100, 0],
    ['zones, at the restaurant', zones, 0, 1000],
    ['zones, inside the smallest', zones, 999.9, 1000],
    ['zones, on the smallest edge (inclusive)', zones, 1000, 1000],
    ['zones, just past the smallest', zones, 1000.01, 2000],
    ['zones, middle ring', zones, 2999, 2000],
    ['zones, middle edge', zones, 3000, 2000],
    ['zones, outer ring', zones, 4500, 3000],
    ['zones, outer edge', zones, 5000, 3000],
    ['zones, out of range', zones, 5001, null],
    ['no zones', { mode: 'zones', zones: [] }, 10, null],
    [
      'equal radii: the cheaper',
      {
        mode: 'zones',
        zones: [
          { radiusMeters: 2000, priceMinor: 900 },
          { radiusMeters: 2000, priceMinor: 700 },
        ],
      },
      1500,
      700,
    ],
    [
      'smaller zone wins even when dearer',
      {
        mode: 'zones',
        zones: [
          { radiusMeters: 4000, priceMinor: 500 },
          { radiusMeters: 2000, priceMinor: 800 },
        ],
      },
      1500,
      800,
    ],
  ])('%s (%s m)', (_label, settings, distance, expected) => {
    expect(deliveryPrice(settings, distance)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects distance %s', (distance) => {
    expectDomainError(() => deliveryPrice(zones, distance), 'INVALID_DISTANCE');
  });

  it('rejects invalid prices', () => {
    expectDomainError(() => deliveryPrice({ mode: 'fixed', priceMinor: -1 }, 10), 'INVALID_PRICE');
    expectDomainError(
      () => deliveryPrice({ mode: 'zones', zones: [{ radiusMeters: 100, priceMinor: 1.5 }] }, 10),
      'INVALID_PRICE',
    );
  });
});
