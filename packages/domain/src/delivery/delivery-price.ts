import { DomainError } from '../errors.ts';

export { haversineMeters } from '../geo/distance.ts';

/** A delivery zone: a circle around the restaurant with a price, integer minor units. */
export interface DeliveryZone {
  radiusMeters: number;
  priceMinor: number;
}

export type DeliverySettings =
  { mode: 'fixed'; priceMinor: number } | { mode: 'zones'; zones: readonly DeliveryZone[] };

/**
 * The delivery price (docs/product.md#delivery-price), integer minor units:
 * - `fixed`: that price, whatever the distance;
 * - `zones`: the price of the SMALLEST zone whose radius covers the distance (distance ≤ radius,
 *   the edge belongs to the zone), regardless of the order zones are listed in; among zones of
 *   equal radius, the cheapest. null when no zone covers it: out of delivery range.
 * @throws DomainError `INVALID_DISTANCE` for a negative or non-finite distance,
 *   `INVALID_PRICE` for a price that is not a non-negative integer.
 */
export function deliveryPrice(settings: DeliverySettings, distanceMeters: number): number | null {
  if (!Number.isFinite(distanceMeters) || distanceMeters < 0) {
    throw new DomainError('INVALID_DISTANCE', `distance must be a finite number ≥ 0, got ${distanceMeters}`);
  }
  if (settings.mode === 'fixed') return assertPrice(settings.priceMinor);

  let best: DeliveryZone | null = null;
  for (const zone of settings.zones) {
    assertPrice(zone.priceMinor);
    if (!(zone.radiusMeters >= distanceMeters)) continue;
    if (
      best === null ||
      zone.radiusMeters < best.radiusMeters ||
      (zone.radiusMeters === best.radiusMeters && zone.priceMinor < best.priceMinor)
    ) {
      best = zone;
    }
  }
  return best === null ? null : best.priceMinor;
}

function assertPrice(priceMinor: number): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0) {
    throw new DomainError(
      'INVALID_PRICE',
      `delivery price must be a non-negative integer, got ${priceMinor}`,
    );
  }
  return priceMinor;
}
