/**
 * The list's `distance` computed in JavaScript exactly as the list query computes it in SQL
 * (list-repository.ts distanceSql), so that a page made in memory (nearby-index.ts) equals
 * the page the database would answer, metre for metre and in the same order.
 */
import { EARTH_RADIUS_METERS, type LatLng } from '@comensal/domain';

/**
 * PostgreSQL's radians(): one multiplication by RADIANS_PER_DEGREE (src/backend/utils/adt/float.c,
 * the literal 0.0174532925199432957692, which is the same double as π / 180 computed once).
 */
const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * The SQL distance before rounding, operation for operation: radians() as PostgreSQL computes it
 * (x × RADIANS_PER_DEGREE, where the domain's haversineMeters does x × π / 180, which differs in
 * the last bit for about a quarter of the values), power(x, 2) = x × x (correctly rounded in
 * both), the same order of products. sin, cos and asin come from V8's fdlibm port here and from
 * the C library there; both are within one unit in the last place, and they do differ now and
 * then: nearby-lists.test.ts finds ~1 % of 4,000 random pairs a unit in the last place apart
 * (never more), and the same metres.
 */
export function sqlHaversineMeters(origin: LatLng, point: LatLng): number {
  return sqlHaversineMetersCos(
    origin.lat,
    origin.lng,
    sqlCosLat(origin.lat),
    point.lat,
    point.lng,
    sqlCosLat(point.lat),
  );
}

/** cos(radians(lat)) as the list query computes it: a place's is computed once (nearby-index.ts). */
export function sqlCosLat(lat: number): number {
  return Math.cos(lat * RADIANS_PER_DEGREE);
}

/**
 * {@link sqlHaversineMeters} with both cosines given ({@link sqlCosLat}): the same operations in
 * the same order, so the same double.
 */
export function sqlHaversineMetersCos(
  originLat: number,
  originLng: number,
  originCosLat: number,
  lat: number,
  lng: number,
  cosLat: number,
): number {
  const sLat = Math.sin(((lat - originLat) * RADIANS_PER_DEGREE) / 2);
  const sLng = Math.sin(((lng - originLng) * RADIANS_PER_DEGREE) / 2);
  const h = sLat * sLat + originCosLat * cosLat * (sLng * sLng);
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The list's `distance`: round(...)::int is rint(), half to even (Math.round rounds halves up:
 * 2.5 → 3 where PostgreSQL answers 2). Where the unrounded values differ (by a unit in the last
 * place, ~2e-12 m at 10 km), the metres differ only if the distance lies within that unit of a
 * half metre: a chance of about 1e-12 per row measured.
 */
export function sqlDistanceMeters(origin: LatLng, point: LatLng): number {
  return roundHalfEven(sqlHaversineMeters(origin, point));
}

/** C's rint() in the default rounding mode (what PostgreSQL's round(float8) does). */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
