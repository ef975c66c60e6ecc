import {
  parseCategoryList,
  type ListRestaurantsQuery,
  type RestaurantList,
  type RestaurantSummary,
} from '@comensal/contracts';
import type { LatLng } from '@comensal/domain';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { RawJson, type CachedBody } from '../../../lib/cached-body.ts';
import type { RequestContext } from '../../../lib/context.ts';
import { decodeCursor, keysetPage } from '../../../lib/cursor.ts';
import { toRestaurantSummary } from '../mappers.ts';
import type { ListCache } from './list-cache.ts';
import { listRepository, type Place, type RestaurantKeyset } from './list-repository.ts';
import { createNearbyIndex, type IndexedPlace, type NearbyIndex, type NearPlace } from './nearby-index.ts';
import { sqlDistanceMeters } from './sql-distance.ts';
import {
  createSummaryCache,
  type CachedSummary,
  type FetchedSummary,
  type SummaryCache,
} from './summary-cache.ts';

/** What answering a list needs of the request context. */
type ListContext = Pick<RequestContext, 'db' | 'now'>;

export const DEFAULT_PAGE_SIZE = 20;

const cursorSchema = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('name'), name: z.string(), id: z.uuid() }).strict(),
  z.object({ sort: z.literal('distance'), distance: z.number().int().min(0), id: z.uuid() }).strict(),
]);

interface ListRequest {
  filters: { q: string | undefined; categories: string[]; vegan: boolean; vegetarian: boolean };
  origin: LatLng | null;
  sort: 'name' | 'distance';
  after: RestaurantKeyset | null;
  limit: number;
}

/** A list query checked and decoded (400 VALIDATION_FAILED when its parts do not fit together). */
function parseListQuery(query: ListRestaurantsQuery): ListRequest {
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
  return {
    filters: {
      q: query.q || undefined,
      categories: parseCategoryList(query.category),
      vegan: query.vegan === 'true',
      vegetarian: query.vegetarian === 'true',
    },
    origin,
    sort,
    after,
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
  };
}

/**
 * Restaurants by name (folded case and accents) or by distance from lat/lng, with the search
 * filters of docs/product.md#search-and-menu-filters (name, categories — any of them —, vegan,
 * vegetarian = has such a product visible now), from the database.
 * Keyset pagination: `nextCursor` continues after the last item of this page.
 */
export async function listRestaurants(
  ctx: ListContext,
  query: ListRestaurantsQuery,
): Promise<RestaurantList> {
  return listFromDatabase(ctx, parseListQuery(query));
}

async function listFromDatabase(ctx: ListContext, request: ListRequest): Promise<RestaurantList> {
  const { sort, limit } = request;
  const rows = await listRepository(ctx.db).list({
    ...request.filters,
    origin: request.origin,
    sort,
    after: request.after,
    limit: limit + 1,
    now: ctx.now(),
  });
  const page = keysetPage(rows, limit, (last) =>
    sort === 'distance'
      ? { sort, distance: last.distance ?? 0, id: last.id }
      : { sort, name: last.nameSearch, id: last.id },
  );
  return { items: page.items.map(toRestaurantSummary), nextCursor: page.nextCursor };
}

/** The in-memory sources of the nearest-first pages (one of each per instance). */
export interface NearbySources {
  index: NearbyIndex;
  summaries: SummaryCache;
}

/** List items read at once while warming the cache. */
const WARM_BATCH = 500;

/**
 * The nearby sources of an instance. Once the index is built, the list items of every
 * restaurant are read in the background, a batch at a time (up to the cache's size), so that
 * requests rarely wait for the database; a newer index stops the warming of an older one.
 */
export function createNearbySources(ctx: ListContext & Pick<RequestContext, 'log'>): NearbySources {
  const summaries = createSummaryCache();
  const warm = async (places: readonly Place[], isCurrent: () => boolean) => {
    const limit = Math.min(places.length, summaries.maxEntries);
    const startedAt = Date.now();
    for (let start = 0; start < limit && isCurrent(); start += WARM_BATCH) {
      await new Promise((resolve) => setImmediate(resolve));
      const ids = places.slice(start, start + WARM_BATCH).map((place) => place.id);
      await summaries.getMany(ids, ctx.now(), (missing) => readSummaries(ctx, missing, ctx.now()));
    }
    if (isCurrent())
      ctx.log.info({ items: limit, ms: Date.now() - startedAt }, 'restaurant list items warmed');
  };
  const index = createNearbyIndex(
    () => listRepository(ctx.db).listPlaces(),
    (places, isCurrent) => {
      warm(places, isCurrent).catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'warming the restaurant list items failed'),
      );
    },
  );
  return { index, summaries };
}

/** List items with their dependence on the clock, as the summary cache keeps them. */
async function readSummaries(ctx: ListContext, ids: string[], now: Date): Promise<FetchedSummary[]> {
  const rows = await listRepository(ctx.db).listSummariesForCache(ids, now);
  return rows.map((row) => ({ summary: toRestaurantSummary(row), dependsOnClock: row.dependsOnClock }));
}

const PAGE_HEAD = Buffer.from('{"items":[');
const DISTANCE_MEMBER = Buffer.from(',"distance":');

/**
 * The page's JSON as the database path serialises it, written straight into one buffer: each
 * item's bytes without their closing brace (summary-cache.ts), then `"distance"` (the last member,
 * as toRestaurantSummary places it), then the cursor. Nothing is serialised or encoded again.
 */
function pageBytes(near: readonly NearPlace[], items: readonly CachedSummary[], nextCursor: string | null) {
  // the cursor is base64url: ASCII
  const tail = `],"nextCursor":${JSON.stringify(nextCursor)}}`;
  let length = PAGE_HEAD.length + tail.length;
  for (let i = 0; i < near.length; i++) {
    length += (i === 0 ? 0 : 1) + items[i]!.openJson.length + DISTANCE_MEMBER.length;
    length += digitCount(near[i]!.distance) + 1;
  }
  const body = Buffer.allocUnsafe(length);
  // (Uint8Array's set: Buffer's copy costs more than the copying for a few hundred bytes)
  body.set(PAGE_HEAD, 0);
  let at = PAGE_HEAD.length;
  for (let i = 0; i < near.length; i++) {
    if (i > 0) body[at++] = 0x2c; // ,
    const item = items[i]!.openJson;
    body.set(item, at);
    at += item.length;
    body.set(DISTANCE_MEMBER, at);
    at += DISTANCE_MEMBER.length;
    // whole metres (sql-distance.ts), as JSON.stringify writes them
    let distance = near[i]!.distance;
    const end = at + digitCount(distance);
    for (let digit = end - 1; digit >= at; digit--) {
      body[digit] = 0x30 + (distance % 10);
      distance = Math.floor(distance / 10);
    }
    at = end;
    body[at++] = 0x7d; // }
  }
  for (let i = 0; i < tail.length; i++) body[at + i] = tail.charCodeAt(i);
  return body;
}

/** Decimal digits of a whole number ≥ 0. */
function digitCount(n: number): number {
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Rounds of "these candidates turned out not to have a vegan product now" before asking SQL. */
const MAX_NEARBY_ROUNDS = 4;

/**
 * A first page by distance (no name search, no cursor) from the nearby index and the cached list
 * items, as the JSON text the database path would serialise (same items, same order, same
 * cursor): the `limit + 1` nearest restaurants that pass the filters, measured and ordered as the
 * SQL does. The category is known to the index; "has a vegan product visible now" only to the
 * list item, so items not known yet are read, and the round is made again without those that
 * fail. Null: let the database answer (a restaurant vanished under us, or the items keep
 * changing).
 */
export async function nearbyFirstPage(
  ctx: ListContext,
  sources: NearbySources,
  request: ListRequest & { origin: LatLng },
): Promise<Buffer | null> {
  const { filters, origin, limit } = request;
  const now = ctx.now();
  const categories = filters.categories.length > 0 ? new Set(filters.categories) : null;
  const dietOk = (item: CachedSummary) =>
    (!filters.vegan || item.hasVegan) && (!filters.vegetarian || item.hasVegetarian);
  const { summaries } = sources;
  const accept = (place: IndexedPlace) => {
    if (categories && !categories.has(place.category)) return false;
    if (!filters.vegan && !filters.vegetarian) return true;
    if ((filters.vegan && !place.vegan) || (filters.vegetarian && !place.vegetarian)) return false;
    const known = summaries.peekMemo(place, place.id, now);
    return known === undefined || dietOk(known);
  };
  const fetch = (ids: string[]) => readSummaries(ctx, ids, now);
  const filterKey = `${[...filters.categories].sort().join(',')}|${+filters.vegan}${+filters.vegetarian}|${limit}`;
  const prefilter = { categories, vegan: filters.vegan, vegetarian: filters.vegetarian };
  for (let round = 0; round < MAX_NEARBY_ROUNDS; round += 1) {
    const near = await sources.index.nearest(origin, limit + 1, accept, filterKey, prefilter);
    // the items, from each place's memo; those not known yet read in one query
    const items: (CachedSummary | undefined)[] = near.map(({ place }) =>
      summaries.peekMemo(place, place.id, now),
    );
    const missing = near.filter((_, i) => items[i] === undefined).map(({ place }) => place.id);
    if (missing.length > 0) {
      const read = await summaries.getMany(missing, now, fetch);
      if (read.size < missing.length) {
        // the index holds a restaurant the database no longer has: its drop event is on its way
        sources.index.invalidate();
        return null;
      }
      for (const [i, { place }] of near.entries()) items[i] ??= read.get(place.id);
    }
    if (!items.every((item) => dietOk(item!))) continue;
    const page = keysetPage(near, limit, (last) => ({
      sort: 'distance',
      distance: last.distance,
      id: last.place.id,
    }));
    return pageBytes(page.items, items as CachedSummary[], page.nextCursor);
  }
  return null;
}

/**
 * {@link listRestaurants} as ready-to-send JSON bytes with an ETag, from the instance's list
 * cache (shared by everyone asking the same query within the same minute; emptied by menu and
 * favourite events, see list-cache.ts). With `nearby`, a first page by distance without a
 * name search is made in memory (nearbyFirstPage), the same answer without the database; a page
 * by name from a position is the shared page without a position, measured.
 */
export async function getCachedRestaurantList(
  ctx: ListContext,
  cache: ListCache,
  query: ListRestaurantsQuery,
  nearby?: NearbySources,
): Promise<CachedBody> {
  const request = parseListQuery(query);
  const key = JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const now = ctx.now();
  const atNow = { ...ctx, now: () => now };
  return cache.get(key, now, async () => {
    const { origin } = request;
    if (nearby && origin && request.sort === 'distance' && !request.after && !request.filters.q) {
      const json = await nearbyFirstPage(atNow, nearby, { ...request, origin });
      if (json !== null) return new RawJson(json);
    }
    if (origin && request.sort === 'name') {
      // by name, the position only adds each item's distance: the page everyone shares, measured
      const { lat: _lat, lng: _lng, ...everywhere } = query;
      const shared = await getCachedRestaurantList(atNow, cache, everywhere, nearby);
      if (shared.value) return withDistances(shared.value as RestaurantList, origin);
    }
    return listFromDatabase(atNow, request);
  });
}

/** A list without distances, each item measured from `origin` as the list query would. */
function withDistances(list: RestaurantList, origin: LatLng): RestaurantList {
  return {
    items: list.items.map((item) => ({ ...item, distance: sqlDistanceMeters(origin, item.location) })),
    nextCursor: list.nextCursor,
  };
}

/** The list items of `ids` (no distance; unknown ids left out, in no particular order). */
export async function listRestaurantSummaries(
  ctx: ListContext,
  ids: readonly string[],
): Promise<RestaurantSummary[]> {
  return (await listRepository(ctx.db).listByIds(ids, ctx.now())).map(toRestaurantSummary);
}
