import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { EARTH_RADIUS_METERS, haversineMeters, type LatLng } from './distance.ts';

const ONE_DEGREE = (Math.PI / 180) * EARTH_RADIUS_METERS; // ≈ 111 195 m

describe('haversineMeters', () => {
  it.each<[string, LatLng, LatLng, number, number]>([
    ['same point', { lat: -33.45, lng: -70.66 }, { lat: -33.45, lng: -70.66 }, 0, 0],
    ['one degree of latitude', { lat: 0, lng: 0 }, { lat: 1, lng: 0 }, ONE_DEGREE, 0.001],
    ['one degree of longitude on the equator', { lat: 0, lng: 0 }, { lat: 0, lng: 1 }, ONE_DEGREE, 0.001],
    ['one degree of longitude at 60° is half', { lat: 60, lng: 0 }, { lat: 60, lng: 1 }, ONE_DEGREE / 2, 10],
    ['pole to pole', { lat: 90, lng: 0 }, { lat: -90, lng: 0 }, Math.PI * EARTH_RADIUS_METERS, 0.001],
    ['antipodes', { lat: 0, lng: 0 }, { lat: 0, lng: 180 }, Math.PI * EARTH_RADIUS_METERS, 0.001],
    ['across the antimeridian', { lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 }, ONE_DEGREE, 0.001],
    // Plaza de Armas, Santiago → Plaza Mayor, Madrid: about 10 700 km
    [
      'Santiago → Madrid',
      { lat: -33.4378, lng: -70.6505 },
      { lat: 40.4155, lng: -3.7074 },
      10_700_000,
      10_000,
    ],
    // two points ~1 km apart in Lima
    ['short distance', { lat: -12.0464, lng: -77.0428 }, { lat: -12.0554, lng: -77.0428 }, 1000.76, 1],
  ])('%s', (_label, a, b, meters, tolerance) => {
    expect(Math.abs(haversineMeters(a, b) - meters)).toBeLessThanOrEqual(tolerance);
    expect(haversineMeters(b, a)).toBeCloseTo(haversineMeters(a, b), 6);
  });

  it.each<LatLng>([
    { lat: 91, lng: 0 },
    { lat: 0, lng: -181 },
    { lat: Number.NaN, lng: 0 },
    { lat: 0, lng: Number.POSITIVE_INFINITY },
  ])('rejects %j', (bad) => {
    expectDomainError(() => haversineMeters(bad, { lat: 0, lng: 0 }), 'INVALID_COORDINATES');
  });
});
