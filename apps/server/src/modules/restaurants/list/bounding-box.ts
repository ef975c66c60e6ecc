/**
 * The latitude/longitude box that holds every point within `radiusMeters` of `origin` on the
 * sphere of the mean Earth radius (J. P. Matuschek, "Finding Points Within a Distance of a
 * Latitude/Longitude Using Bounding Coordinates"). Used to let an index narrow the candidates of
 * a distance search before the exact distance is computed.
 */
import { EARTH_RADIUS_METERS, type LatLng } from '@comensal/domain';

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  /** One range, or two when the box crosses the ±180° meridian. */
  lngRanges: [min: number, max: number][];
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** null when the circle covers the whole Earth. */
export function boundingBox(origin: LatLng, radiusMeters: number): BoundingBox | null {
  const angular = radiusMeters / EARTH_RADIUS_METERS;
  if (angular >= Math.PI) return null;
  const lat = toRadians(origin.lat);
  const lng = toRadians(origin.lng);
  let minLat = lat - angular;
  let maxLat = lat + angular;
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    // a pole is inside: every longitude
    minLat = Math.max(minLat, -Math.PI / 2);
    maxLat = Math.min(maxLat, Math.PI / 2);
    return { minLat: toDegrees(minLat), maxLat: toDegrees(maxLat), lngRanges: [[-180, 180]] };
  }
  const deltaLng = Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat)));
  let minLng = lng - deltaLng;
  let maxLng = lng + deltaLng;
  const box = { minLat: toDegrees(minLat), maxLat: toDegrees(maxLat) };
  if (minLng < -Math.PI) minLng += 2 * Math.PI;
  if (maxLng > Math.PI) maxLng -= 2 * Math.PI;
  if (minLng > maxLng) {
    return {
      ...box,
      lngRanges: [
        [toDegrees(minLng), 180],
        [-180, toDegrees(maxLng)],
      ],
    };
  }
  return { ...box, lngRanges: [[toDegrees(minLng), toDegrees(maxLng)]] };
}
