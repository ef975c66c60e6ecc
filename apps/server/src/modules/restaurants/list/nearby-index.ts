/**
 * The restaurants' positions in memory, for "nearest first" lists from any position.
 *
 * A first page by distance from a new position cost a database query per request (a ring search
 * through the location index, then the page's rows): about 1 ms of CPU between Node and
 * PostgreSQL, which capped a 2-core machine near 1,000 such requests a second. The positions of
 * every restaurant fit in memory (10,000 restaurants: ~1 MB; 100,000: ~10 MB), and a k-d tree
 * answers the k nearest in microseconds (kdbush + geokdbush: great-circle distances, across the
 * ±180° meridian and the poles).
 *
 * Exactness: the page must equal the SQL path's (list-repository.ts distanceSql: haversine in whole metres, half to
 * even, then by id). geokdbush orders by its own haversine, the same formula up to the last bit;
 * so `nearest` takes the k nearest by geokdbush, measures them as the SQL does (sql-distance.ts),
 * then gathers everything within the farthest of them + 1 m (every place whose rounded distance
 * can tie or beat it) and sorts those by (metres, id).
 *
 * Freshness: the index is built on first use from one query and dropped (rebuilt on next use) on
 * every change of what it holds: migration 0005 makes PostgreSQL announce any insert, delete or
 * change of a restaurant's position, name, category… on the live channel every instance listens
 * to, whoever the writer. The diet flags come from migration 0004's columns and only narrow the
 * candidates: after a menu event they read "maybe" for that restaurant until the next build (the
 * visible-now answer comes from the restaurant's list item, see list-restaurants.ts).
 */
import { EARTH_RADIUS_METERS, type LatLng } from '@comensal/domain';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import type { Place } from './list-repository.ts';
import { sqlDistanceMeters } from './sql-distance.ts';

export interface NearPlace {
  place: Place;
  /** Whole metres, as the list query's `distance`. */
  distance: number;
}

export interface NearbyIndex {
  /**
   * The `count` places nearest to `origin` that `accept` keeps, in the list's order (distance in
   * whole metres, then id); fewer when fewer are accepted anywhere.
   */
  nearest(origin: LatLng, count: number, accept: (place: Place) => boolean): Promise<NearPlace[]>;
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
  places: Place[];
  positionOf: Map<string, number>;
}

interface Build {
  promise: Promise<Snapshot>;
  snapshot: Snapshot | null;
  /** Menu events received while this build was loading: applied when it lands. */
  menuChanges: Set<string>;
}

function toSnapshot(places: Place[]): Snapshot {
  const index = new KDBush(Math.max(places.length, 1), NODE_SIZE);
  for (const place of places) index.add(place.lng, place.lat);
  // an empty tree still needs one point to be valid: put it where nothing accepts it
  if (places.length === 0) index.add(0, 0);
  index.finish();
  return { index, places, positionOf: new Map(places.map((place, position) => [place.id, position])) };
}

const byDistanceThenId = (a: NearPlace, b: NearPlace) =>
  a.distance - b.distance || (a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0);

/**
 * @param onBuilt told of each new index with its places, and of whether that index is still
 * the current one (it stops being so when invalidated).
 */
export function createNearbyIndex(
  load: () => Promise<Place[]>,
  onBuilt?: (places: readonly Place[], isCurrent: () => boolean) => void,
): NearbyIndex {
  let build: Build | null = null;

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

  return {
    async nearest(origin, count, accept) {
      const { index, places } = await current();
      const keep = (position: number) => position < places.length && accept(places[position]!);
      const measure = (position: number): NearPlace => ({
        place: places[position]!,
        distance: sqlDistanceMeters(origin, places[position]!),
      });
      const first = around(index, origin.lng, origin.lat, count, Infinity, keep).map(measure);
      if (first.length < count) return first.sort(byDistanceThenId);
      // everything that may tie with or beat the farthest of these once rounded to metres
      const farthest = Math.max(...first.map((near) => near.distance));
      const reachKm = ((farthest + 1) / EARTH_RADIUS_METERS) * GEOKDBUSH_EARTH_RADIUS_KM;
      return around(index, origin.lng, origin.lat, Infinity, reachKm, keep)
        .map(measure)
        .sort(byDistanceThenId)
        .slice(0, count);
    },
    invalidate() {
      build = null;
    },
    menuChanged(restaurantId) {
      if (!build) return;
      build.menuChanges.add(restaurantId);
      if (build.snapshot) markMaybe(build.snapshot, restaurantId);
    },
    size: () => build?.snapshot?.places.length ?? null,
  };
}
