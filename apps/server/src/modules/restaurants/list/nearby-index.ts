/**
 * The restaurants' positions in memory, for "nearest first" lists from any position.
 *
 * A first page by distance from a new position cost a database query per request (a ring search
 * through the location index, then the page's rows): about 1 ms of CPU between Node and
 * PostgreSQL, which capped a 2-core machine near 1,000 such requests a second. The positions of
 * every restaurant fit in memory (10,000 restaurants: ~1 MB; 100,000: ~10 MB) in a k-d tree
 * (kdbush), and a page is found in tens of microseconds.
 *
 * Exactness: the page must equal the SQL path's (list-repository.ts distanceSql: haversine in
 * whole metres, half to even, then by id). `nearest` runs the SQL path's ring search in memory
 * (ringNearest): kdbush's range query gives the places in the box around a circle, each is
 * measured as the SQL does (sql-distance.ts), and once `count` accepted places lie within the
 * radius they are the page. The first radius is learnt per filter; a search that would cover the
 * whole Earth (fewer accepted places than `count` anywhere) uses geokdbush (great-circle nearest
 * neighbours) and gathers every place that can tie with the last.
 *
 * Freshness: the index is built from one query on first use, and dropped on every change of what
 * it holds: PostgreSQL announces any insert, delete or change of a restaurant's position or
 * category (migrations 0005 and 0014) on the live channel every instance listens to, whoever the
 * writer. An index in use is then built again in the background a second later. The diet flags
 * come from migration 0004's columns and only narrow the candidates: after a menu event they read
 * "maybe" for that restaurant until the next build (the visible-now answer comes from the
 * restaurant's list item, see list-restaurants.ts).
 */
import { EARTH_RADIUS_METERS, type LatLng } from '@comensal/domain';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { Place } from './list-repository.ts';
import { boundingBox } from './bounding-box.ts';
import { sqlDistanceMeters } from './sql-distance.ts';
import type { ItemMemo } from './summary-cache.ts';

/** A place of the index, with its list item remembered (summary-cache.ts ItemMemo). */
export type IndexedPlace = Place & ItemMemo;

export interface NearPlace {
  place: IndexedPlace;
  /** Whole metres, as the list query's `distance`. */
  distance: number;
}

export interface NearbyIndex {
  /**
   * The `count` places nearest to `origin` that `accept` keeps, in the list's order (distance in
   * whole metres, then id); fewer when fewer are accepted anywhere.
   */
  nearest(
    origin: LatLng,
    count: number,
    accept: (place: IndexedPlace) => boolean,
    /** Names what `accept` keeps: searches of one filter learn their first radius together. */
    filterKey?: string,
  ): Promise<NearPlace[]>;
  /** What the index holds changed: build it again on next use. */
  invalidate(): void;
  /** A restaurant's menu changed: its diet flags are unknown (maybe) until the next build. */
  menuChanged(restaurantId: string): void;
  /** Places in the built index, or null before the first build. */
  size(): number | null;
}

/** geokdbush measures on a sphere of this radius (km); ours is EARTH_RADIUS_METERS. */
const GEOKDBUSH_EARTH_RADIUS_KM = 6371;
/** Points per k-d tree leaf: small leaves suit pages of tens of items. */
const NODE_SIZE = 16;

interface Snapshot {
  index: KDBush;
  places: IndexedPlace[];
  positionOf: Map<string, number>;
}

interface Build {
  promise: Promise<Snapshot>;
  snapshot: Snapshot | null;
  /** Menu events received while this build was loading: applied when it lands. */
  menuChanges: Set<string>;
}

function toSnapshot(rows: Place[]): Snapshot {
  const places = rows.map(({ id, lat, lng, category, vegan, vegetarian }): IndexedPlace => ({
    id,
    lat,
    lng,
    category,
    vegan,
    vegetarian,
    item: undefined,
    itemGeneration: -1,
  }));
  const index = new KDBush(Math.max(places.length, 1), NODE_SIZE);
  for (const place of places) index.add(place.lng, place.lat);
  // an empty tree still needs one point to be valid: put it where nothing accepts it
  if (places.length === 0) index.add(0, 0);
  index.finish();
  return { index, places, positionOf: new Map(places.map((place, position) => [place.id, position])) };
}

const byDistanceThenId = (a: NearPlace, b: NearPlace) =>
  a.distance - b.distance || (a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0);

/** How long after a change an index in use is built again (changes often come in bursts). */
const REBUILD_AFTER_MS = 1_000;
/** Where a search starts before anything is learnt (a dense city fills a page well within it). */
const FIRST_RADIUS_METERS = 1_000;
/** Filters whose first radius is remembered (their keys are few: categories × diets). */
const MAX_LEARNT_RADII = 256;

/**
 * The next first radius of a filter after a page whose last item was `lastDistance` away:
 * 1.25 × that distance, averaged (in logarithms, weight 1/4) with what was learnt, so that one
 * page from the countryside does not make the next page in a city read thousands of places.
 */
export function nextFirstRadius(learnt: number | undefined, lastDistance: number): number {
  const target = Math.min(Math.max(Math.ceil(lastDistance * 1.25), 100), 1_000_000);
  if (learnt === undefined) return target;
  return Math.round(Math.exp((3 * Math.log(learnt) + Math.log(target)) / 4));
}

/**
 * The ring search of the SQL path (list-repository.ts), in memory: the places in the box around
 * a circle of `radius + 1` m (kdbush's range query, two boxes across the ±180° meridian) hold
 * every place whose rounded distance is at most `radius`; if `count` of those are accepted, no
 * place outside can come before the last of them, so they are the page. Otherwise the radius
 * grows by the density found (×1.5 to ×4). Null once the circle covers the whole Earth.
 */
function ringNearest(
  { index, places }: Snapshot,
  origin: LatLng,
  count: number,
  accept: (place: IndexedPlace) => boolean,
  firstRadius: number,
): { near: NearPlace[] } | null {
  let radius = firstRadius;
  for (;;) {
    const box = boundingBox(origin, radius + 1);
    if (!box) return null;
    const near: NearPlace[] = [];
    for (const [minLng, maxLng] of box.lngRanges) {
      for (const position of index.range(minLng, box.minLat, maxLng, box.maxLat)) {
        const place = places[position];
        if (place === undefined || !accept(place)) continue;
        const distance = sqlDistanceMeters(origin, place);
        if (distance <= radius) near.push({ place, distance });
      }
    }
    if (near.length >= count) return { near: near.sort(byDistanceThenId).slice(0, count) };
    const lacking = Math.sqrt(count / Math.max(near.length, 1));
    radius = Math.ceil(radius * Math.min(4, Math.max(1.5, 1.25 * lacking)));
  }
}

/**
 * @param onBuilt told of each new index with its places, and of whether that index is still
 * the current one (it stops being so when invalidated).
 */
export function createNearbyIndex(
  load: () => Promise<Place[]>,
  onBuilt?: (places: readonly Place[], isCurrent: () => boolean) => void,
  options: { rebuildAfterMs?: number } = {},
): NearbyIndex {
  const rebuildAfterMs = options.rebuildAfterMs ?? REBUILD_AFTER_MS;
  let build: Build | null = null;
  /** The rebuild planned after a change of an index in use (one for a burst of changes). */
  let rebuild: ReturnType<typeof setTimeout> | null = null;

  function current(): Promise<Snapshot> {
    if (build) return build.snapshot ? Promise.resolve(build.snapshot) : build.promise;
    const started: Build = { promise: null as never, snapshot: null, menuChanges: new Set() };
    started.promise = load().then((places) => {
      const snapshot = toSnapshot(places);
      for (const id of started.menuChanges) markMaybe(snapshot, id);
      started.snapshot = snapshot;
      onBuilt?.(snapshot.places, () => build === started);
      return snapshot;
    });
    build = started;
    // a failed load (database down) is not remembered
    started.promise.catch(() => {
      if (build === started) build = null;
    });
    return started.promise;
  }

  function markMaybe(snapshot: Snapshot, id: string) {
    const position = snapshot.positionOf.get(id);
    if (position === undefined) return;
    const place = snapshot.places[position]!;
    place.vegan = true;
    place.vegetarian = true;
  }

  /** The first radius of a search, learnt per filter (see ringNearest). */
  const firstRadii = new Map<string, number>();

  return {
    async nearest(origin, count, accept, filterKey = '') {
      const snapshot = await current();
      const { index, places } = snapshot;
      const keep = (position: number) => position < places.length && accept(places[position]!);
      const learnt = firstRadii.get(filterKey);
      const found = ringNearest(snapshot, origin, count, accept, learnt ?? FIRST_RADIUS_METERS);
      if (found) {
        if (found.near.length === count) {
          if (firstRadii.size >= MAX_LEARNT_RADII && learnt === undefined) firstRadii.clear();
          firstRadii.set(filterKey, nextFirstRadius(learnt, found.near.at(-1)!.distance));
        }
        return found.near;
      }
      // the whole Earth: geokdbush's nearest, then everything that may tie with the last
      const measure = (position: number): NearPlace => ({
        place: places[position]!,
        distance: sqlDistanceMeters(origin, places[position]!),
      });
      const first = around(index, origin.lng, origin.lat, count, Infinity, keep).map(measure);
      if (first.length < count) return first.sort(byDistanceThenId);
      const farthest = Math.max(...first.map((near) => near.distance));
      // (a reach of half the Earth's circumference or more is everything: geokdbush's haversine
      // of a larger angle would shrink again)
      const reachAngle = (farthest + 1) / EARTH_RADIUS_METERS;
      const reachKm = reachAngle >= Math.PI ? Infinity : reachAngle * GEOKDBUSH_EARTH_RADIUS_KM;
      return around(index, origin.lng, origin.lat, Infinity, reachKm, keep)
        .map(measure)
        .sort(byDistanceThenId)
        .slice(0, count);
    },
    invalidate() {
      const wasInUse = build !== null;
      build = null;
      // an index in use is built again soon, in the background, so that the next diners find it
      // (and its list items) ready rather than wait for it
      if (!wasInUse && rebuild === null) return;
      if (rebuild) clearTimeout(rebuild);
      rebuild = setTimeout(() => {
        rebuild = null;
        current().catch(() => undefined);
      }, rebuildAfterMs);
      rebuild.unref();
    },
    menuChanged(restaurantId) {
      if (!build) return;
      build.menuChanges.add(restaurantId);
      if (build.snapshot) markMaybe(build.snapshot, restaurantId);
    },
    size: () => build?.snapshot?.places.length ?? null,
  };
}
