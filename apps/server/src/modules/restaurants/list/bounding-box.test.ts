import { haversineMeters } from '@comensal/domain';
import { describe, expect, it } from 'vitest';
import { boundingBox, type BoundingBox } from './bounding-box.ts';

const inside = (box: BoundingBox, point: { lat: number; lng: number }) =>
  point.lat >= box.minLat &&
  point.lat <= box.maxLat &&
  box.lngRanges.some(([min, max]) => point.lng >= min && point.lng <= max);

/** A deterministic spread of points (no randomness in tests). */
function* points(count: number) {
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i += 1) yield { lat: next() * 180 - 90, lng: next() * 360 - 180 };
}

describe('boundingBox', () => {
  it('holds every point within the radius (origins everywhere, including near poles and ±180°)', () => {
    const origins = [
      { lat: -33.4378, lng: -70.6505 },
      { lat: 40.4168, lng: -3.7038 },
      { lat: 0, lng: 179.9 },
      { lat: -10, lng: -179.95 },
      { lat: 89.5, lng: 10 },
      { lat: -89.9, lng: -120 },
    ];
    let checked = 0;
    for (const origin of origins) {
      for (const radius of [500, 5_000, 50_000, 500_000, 5_000_000]) {
        const box = boundingBox(origin, radius);
        expect(box).not.toBeNull();
        for (const point of points(4_000)) {
          if (haversineMeters(origin, point) <= radius) {
            expect({ origin, radius, point, inside: inside(box!, point) }).toMatchObject({ inside: true });
            checked += 1;
          }
        }
        // and points just inside the radius in the four directions
        for (const [dLat, dLng] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const degrees = ((radius * 0.999) / 6_371_008.8) * (180 / Math.PI);
          const lat = origin.lat + dLat * degrees;
          const raw = origin.lng + (dLng * degrees) / Math.cos((origin.lat * Math.PI) / 180);
          const lng = (((raw % 360) + 540) % 360) - 180;
          const point = { lat, lng };
          if (Math.abs(lat) <= 90 && haversineMeters(origin, point) <= radius)
            expect(inside(box!, point)).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(1_000);
  });

  it('is small for a small radius and splits at the ±180° meridian', () => {
    const santiago = boundingBox({ lat: -33.4378, lng: -70.6505 }, 1_000)!;
    expect(santiago.maxLat - santiago.minLat).toBeCloseTo(0.018, 3);
    expect(santiago.lngRanges).toHaveLength(1);
    const fiji = boundingBox({ lat: -17.7, lng: 179.99 }, 10_000)!;
    expect(fiji.lngRanges).toHaveLength(2);
    expect(fiji.lngRanges[1]![0]).toBe(-180);
    expect(boundingBox({ lat: 0, lng: 0 }, 21_000_000)).toBeNull();
  });
});
