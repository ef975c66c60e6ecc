import { DomainError } from '../errors.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

function assertLatLng(point: LatLng): void {
  const { lat, lng } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new DomainError('INVALID_COORDINATES', `invalid coordinates ${lat}, ${lng}`);
  }
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in metres between two WGS84 points (haversine on a sphere of the mean
 * Earth radius; error under 0.5 % against the ellipsoid, plenty for delivery zones and sorting).
 * @throws DomainError `INVALID_COORDINATES` for non-finite values or |lat| > 90, |lng| > 180.
 */
export function haversineMeters(a: LatLng, b: LatLng): number {
  assertLatLng(a);
  assertLatLng(b);
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}
