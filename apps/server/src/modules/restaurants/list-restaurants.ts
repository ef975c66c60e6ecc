import { EARTH_RADIUS_METERS, haversineMeters } from '@comensal/domain';
import { parseCategoryList, type ListRestaurantsQuery, type RestaurantList } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { UseCaseContext } from '../../lib/context.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { toRestaurantSummary } from './mappers.ts';
import type { CachedBody, ListCache } from './response-cache.ts';
import {
  restaurantRepository,
  type LatLng,
  type RestaurantKeyset,
  type RestaurantSummaryRow,
} from './restaurant-repository.ts';

export const DEFAULT_PAGE_SIZE = 20;

const cursorSchema = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('name'), name: z.string(), id: z.uuid() }).strict(),
  z.object({ sort: z.literal('distance'), distance: z.number().int().min(0), id: z.uuid() }).strict(),
]);

/**
 * Restaurants by name (folded case and accents) or by distance from lat/lng, with the search
 * filters of SPEC §2 (name, categories — any of them —, vegan, vegetarian = has such a product
 * visible now).
 * Keyset pagination: `nextCursor` continues after the last item of this page.
 */
export async function listRestaurants(
  ctx: UseCaseContext,
  query: ListRestaurantsQuery,
): Promise<RestaurantList> {
  if ((query.lat === undefined) !== (query.lng === undefined)) {
    throw new AppError('VALIDATION_FAILED', 'lat and lng go together');
  }
  const origin =
    query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const sort = query.sort ?? 'name';
  if (sort === 'distance' && !origin)
    throw new AppError('VALIDATION_FAILED', 'sort=distance needs lat and lng');
  const after: RestaurantKeyset | null = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
  if (after && after.sort !== sort)
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor: it belongs to another sort');
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;

  const rows = await restaurantRepository(ctx.db).list({
    ...listFilters(query),
    origin,
    sort,
    after,
    limit: limit + 1,
    now: ctx.now(),
  });
  return toPage(rows, limit, sort);
}

/** The filters of a query (what a page's rows must match). */
function listFilters(query: ListRestaurantsQuery) {
  return {
    q: query.q || undefined,
    categories: parseCategoryList(query.category),
    vegan: query.vegan === 'true',
    vegetarian: query.vegetarian === 'true',
  };
}

/** A page from `limit + 1` rows in keyset order. */
function toPage(rows: RestaurantSummaryRow[], limit: number, sort: 'name' | 'distance'): RestaurantList {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > limit && last) {
    nextCursor = encodeCursor(
      sort === 'distance'
        ? { sort, distance: last.distance ?? 0, id: last.id }
        : { sort, name: last.nameSearch, id: last.id },
    );
  }
  return { items: page.map(toRestaurantSummary), nextCursor };
}

/**
 * First pages by distance from anywhere, from candidates cached per map cell.
 *
 * The world is cut in cells of a fixed size in degrees. For the filters F and a page of `limit`
 * (k = limit + 1 rows asked), let c be the centre of the origin's cell, d ≥ the distance from c to
 * any point of the cell, and r_k the distance from c of its k-th nearest row of F. Every point p
 * of the cell has k rows within r_k + d (those k), so each of its k nearest rows x has
 * |px| ≤ r_k + d, hence |cx| ≤ |cp| + |px| ≤ r_k + 2d (triangle inequality on the sphere): the rows
 * of F within r_k + 2d of c (plus a few metres for the rounding to whole metres) hold the first
 * page of every origin in the cell, or every row of F when F has fewer than k rows. Each request
 * then measures, sorts and cuts those candidates exactly as the SQL does (see sqlDistanceMeters).
 *
 * Cell size: no one size suits a city centre (a page within 300 m) and the countryside (a page
 * within tens of km). Small cells mean more cells to fill (two queries each, once a minute and
 * after every menu/list/favourite event); large ones, more candidates to read and to measure per
 * request (about k × (1 + 2d / r_k)²; but a request stops measuring early, see `nearest`). So the
 * sizes are a quadtree from 0.16° (18 km north–south) down to 0.0025° (280 m), and a cell is used
 * when d ≤ REACH_PER_RK × r_k and it has at most MAX_CANDIDATES, else its quarter holding the
 * origin is tried; the choice is cached with the cell (it depends only on F and the cell, never
 * on the origin, so every origin of a cell gets candidates made by the same rule). 10,000
 * restaurants over Santiago (~3 per km², page of 20: r_k ≈ 1.6 km) use mostly 0.08° cells
 * (d ≈ 5.8 km, ~1,500 candidates, a few dozen cells for the city: few refills each minute);
 * a centre with 100 per km², 0.0025° ones. Where even the finest cell has more than
 * MAX_CANDIDATES (pages of 100 in a very dense place), it falls back to the SQL.
 * REACH_PER_RK: 1 and 2 measured worse on `npm run bench -- api` (more cells to fill).
 */
const CELL_LEVELS = [0.16, 0.08, 0.04, 0.02, 0.01, 0.005, 0.0025];
const REACH_PER_RK = 4;
const MAX_CANDIDATES = 3_000;
/** Metres added to the candidate radius: rounding of r_k and of the distances, floating point. */
const RADIUS_SLACK_METERS = 4;

interface Cell {
  key: string;
  centre: LatLng;
  /** Metres, ≥ the distance from the centre to any point of the cell. */
  reach: number;
}

/** The cell of `size` degrees (one of CELL_LEVELS) that holds `origin`. */
export function cellOf(origin: LatLng, size: number = CELL_LEVELS.at(-1)!): Cell {
  const rows = Math.round(180 / size);
  const cols = Math.round(360 / size);
  const row = Math.min(Math.max(Math.floor((origin.lat + 90) / size), 0), rows - 1);
  const col = Math.min(Math.max(Math.floor((origin.lng + 180) / size), 0), cols - 1);
  const south = row * size - 90;
  const north = Math.min((row + 1) * size - 90, 90);
  const west = col * size - 180;
  const east = Math.min((col + 1) * size - 180, 180);
  const centre = { lat: (south + north) / 2, lng: (west + east) / 2 };
  // The farthest points of a latitude/longitude cell from its centre are corners (along a
  // parallel the distance grows with the longitude difference; along a meridian edge it has no
  // maximum inside). The cell the floor picks may miss the origin by a rounding error of the
  // bounds, well under the metre of slack.
  let reach = 0;
  for (const lat of [south, north]) {
    for (const lng of [west, east]) reach = Math.max(reach, haversineMeters(centre, { lat, lng }));
  }
  return { key: `${size}:${row}:${col}`, centre, reach: Math.ceil(reach) + 1 };
}

/**
 * PostgreSQL's radians(): one multiplication by RADIANS_PER_DEGREE (src/backend/utils/adt/float.c,
 * the literal 0.0174532925199432957692, which is the same double as π / 180 computed once).
 */
const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * The list query's distance before rounding (restaurant-repository.ts distanceSql), operation for
 * operation: radians() as PostgreSQL computes it (x × RADIANS_PER_DEGREE, where the domain's
 * haversineMeters does x × π / 180, which differs in the last bit for about a quarter of the
 * values), power(x, 2) = x × x (correctly rounded in both), the same order of products.
 * sin, cos and asin come from V8's fdlibm port here and from the C library there; both are
 * within one unit in the last place, and they do differ now and then: nearby-cells.test.ts finds
 * ~1 % of 4,000 random pairs a unit in the last place apart (never more), and the same metres.
 */
export function sqlHaversineMeters(origin: LatLng, point: LatLng): number {
  const sLat = Math.sin(((point.lat - origin.lat) * RADIANS_PER_DEGREE) / 2);
  const sLng = Math.sin(((point.lng - origin.lng) * RADIANS_PER_DEGREE) / 2);
  const h =
    sLat * sLat +
    Math.cos(origin.lat * RADIANS_PER_DEGREE) * Math.cos(point.lat * RADIANS_PER_DEGREE) * (sLng * sLng);
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The list's `distance`: round(...)::int is rint(), half to even (Math.round rounds halves up:
 * 2.5 → 3 where PostgreSQL answers 2). Where the unrounded values differ (by a unit in the last
 * place, ~2e-12 m at 10 km), the metres differ only if the distance lies within that unit of a
 * half metre: then this page and the SQL's would show that row 1 m apart (and could order it
 * differently against a row 1 m away), a chance of about 1e-12 per row measured.
 */
export function sqlDistanceMeters(origin: LatLng, point: LatLng): number {
  return roundHalfEven(sqlHaversineMeters(origin, point));
}

/** C's rint() in the default rounding mode (what PostgreSQL's round(float8) does). */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * What a cell holds for some filters: its candidates, `finer` (too large here, ask the quarter
 * of the next size) or `sql` (too many candidates even at the finest size: ask the database).
 */
type CellEntry =
  /** By (distance from the cell's centre, id), as the ring query answers them. */
  { kind: 'candidates'; rows: RestaurantSummaryRow[]; centre: LatLng } | { kind: 'finer' } | { kind: 'sql' };

async function cellEntry(
  ctx: UseCaseContext,
  query: ListRestaurantsQuery,
  limit: number,
  cell: Cell,
  finest: boolean,
  now: Date,
): Promise<CellEntry> {
  const repository = restaurantRepository(ctx.db);
  const filters = listFilters(query);
  const k = limit + 1;
  const nearest = await repository.list({
    ...filters,
    origin: cell.centre,
    sort: 'distance',
    after: null,
    limit: k,
    now,
  });
  // fewer than k rows match on the whole Earth: they are every candidate
  if (nearest.length < k) return { kind: 'candidates', rows: nearest, centre: cell.centre };
  const rk = nearest[k - 1]!.distance ?? 0;
  if (!finest && cell.reach > REACH_PER_RK * rk) return { kind: 'finer' };
  const radius = rk + 2 * cell.reach + RADIUS_SLACK_METERS;
  const rows = await repository.listWithin({
    ...filters,
    origin: cell.centre,
    radius,
    max: MAX_CANDIDATES,
    now,
  });
  if (rows) return { kind: 'candidates', rows, centre: cell.centre };
  return finest ? { kind: 'sql' } : { kind: 'finer' };
}

/** (distance, id) as the SQL orders: uuids compare as their lowercase hex text. */
const before = (distance: number, id: string, than: { distance: number; row: { id: string } }) =>
  distance < than.distance || (distance === than.distance && id < than.row.id);

/**
 * The `count` first rows by (distance from `origin`, id), keeping the best in order in one pass.
 * The candidates come by distance from the cell's centre c, and |px| ≥ |cx| − |cp|: once a row's
 * distance from c exceeds the worst kept distance + |cp| (+ 2 m for the roundings), it and every
 * row after it are farther than the worst kept, so the pass stops there (near the centre, after
 * little more than a page).
 */
function nearest(candidates: CellEntry & { kind: 'candidates' }, origin: LatLng, count: number) {
  const best: { row: RestaurantSummaryRow; distance: number }[] = [];
  const fromCentre = haversineMeters(candidates.centre, origin) + 2;
  for (const row of candidates.rows) {
    if (best.length === count && (row.distance ?? 0) - fromCentre > best[count - 1]!.distance) break;
    const distance = sqlDistanceMeters(origin, row);
    if (best.length === count && !before(distance, row.id, best[count - 1]!)) continue;
    let at = best.length === count ? count - 1 : best.length;
    while (at > 0 && before(distance, row.id, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at -= 1;
    }
    best[at] = { row, distance };
  }
  return best;
}

/** The first page by distance from `origin`, from the cached candidates of its cell. */
async function nearbyFirstPage(
  ctx: UseCaseContext,
  cache: ListCache,
  query: ListRestaurantsQuery,
  origin: LatLng,
  now: Date,
): Promise<RestaurantList> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const filters = JSON.stringify([
    query.q || null,
    [...parseCategoryList(query.category)].sort(),
    query.vegan === 'true',
    query.vegetarian === 'true',
    limit,
  ]);
  let candidates: (CellEntry & { kind: 'candidates' }) | null = null;
  for (const [level, size] of CELL_LEVELS.entries()) {
    const cell = cellOf(origin, size);
    const finest = level === CELL_LEVELS.length - 1;
    const entry = await cache.getValue(
      `cell ${cell.key} ${filters}`,
      now,
      () => cellEntry(ctx, query, limit, cell, finest, now),
      (value) => (value.kind === 'candidates' ? value.rows.length + 1 : 1),
    );
    if (entry.kind === 'finer') continue;
    if (entry.kind === 'candidates') candidates = entry;
    break;
  }
  if (!candidates) return listRestaurants({ ...ctx, now: () => now }, query);
  const rows = nearest(candidates, origin, limit + 1).map(({ row, distance }) => ({ ...row, distance }));
  return toPage(rows, limit, 'distance');
}

/**
 * {@link listRestaurants} as ready-to-send JSON bytes with an ETag, from the instance's list
 * cache (shared by everyone asking the same query within the same minute; emptied by menu and
 * favourite events, see response-cache.ts). First pages by distance are made from the candidates
 * of the origin's map cell (see nearbyFirstPage), so a new position costs no query.
 */
export async function getCachedRestaurantList(
  ctx: UseCaseContext,
  cache: ListCache,
  query: ListRestaurantsQuery,
): Promise<CachedBody> {
  const key = JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const now = ctx.now();
  const { lat, lng } = query;
  if (query.sort === 'distance' && lat !== undefined && lng !== undefined && !query.cursor) {
    return cache.get(key, now, () => nearbyFirstPage(ctx, cache, query, { lat, lng }, now));
  }
  return cache.get(key, now, () => listRestaurants({ ...ctx, now: () => now }, query));
}
