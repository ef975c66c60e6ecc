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
 * radius they are the page. The places are kept in the tree's order with columns (cosine of the
 * latitude, category, diet flags) that rule a place out or measure it without touching its
 * object; a vegan (vegetarian) search reads a tree of the vegan (vegetarian) places only. The
 * first radius is learnt per filter; a search that would cover the whole Earth (fewer accepted places than `count` anywhere) uses geokdbush (great-circle nearest
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
import { roundHalfEven, sqlCosLat, sqlDistanceMeters, sqlHaversineMetersCos } from './sql-distance.ts';
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
    /**
     * What `accept` asks of the index's own columns (it must refuse every place these refuse):
     * places are then ruled out without being looked at.
     */
    prefilter?: NearbyPrefilter,
  ): Promise<NearPlace[]>;
  /** What the index holds changed: build it again on next use. */
  invalidate(): void;
  /** A restaurant's menu changed: its diet flags are unknown (maybe) until the next build. */
  menuChanged(restaurantId: string): void;
  /** Places in the built index, or null before the first build. */
  size(): number | null;
}

/** The part of a filter the index answers from its columns (see NearbyIndex.nearest). */
export interface NearbyPrefilter {
  /** Any of these categories; null: any category. */
  categories: ReadonlySet<string> | null;
  /** A vegan (vegetarian) product, as the index's flags say ("maybe" after a menu event). */
  vegan: boolean;
  vegetarian: boolean;
}

/** geokdbush measures on a sphere of this radius (km); ours is EARTH_RADIUS_METERS. */
const GEOKDBUSH_EARTH_RADIUS_KM = 6371;
/** Points per k-d tree leaf: small leaves suit pages of tens of items. */
const NODE_SIZE = 16;

/**
 * The index as built from one read of the positions. Places are stored in the k-d tree's own
 * order (a place's position is its slot in the tree), so that the places of a range query lie
 * side by side in the columns below: a page reads a few hundred consecutive bytes of each instead
 * of one object per place scattered over the heap.
 */
interface Snapshot {
  index: KDBush;
  places: IndexedPlace[];
  positionOf: Map<string, number>;
  /** cos(radians(lat)) of each place, as the SQL computes it (sql-distance.ts sqlCosLat). */
  cosLat: Float64Array;
  /** Each place's category, as a number into `categoryNames`. */
  categoryCode: Uint16Array;
  categoryNames: string[];
  /** Each place's diet flags: VEGAN_FLAG | VEGETARIAN_FLAG (both after a menu event: maybe). */
  diet: Uint8Array;
  /**
   * The places flagged vegan (vegetarian) in trees of their own, so that a vegan page reads the
   * ~1 in 5 places that may pass instead of every place around (built with the index, from the
   * flags; null when no place has the flag).
   */
  vegan: DietTree | null;
  vegetarian: DietTree | null;
}

/** The places with one diet flag: a k-d tree of their positions and the slot of each. */
interface DietTree {
  flag: number;
  index: KDBush;
  /** The slot in the snapshot of each point of `index`. */
  slots: Uint32Array;
  /**
   * Places flagged "maybe" by a menu event since the tree was built (slots; no position
   * order): measured on every search of this tree. Past MAX_EXTRA_SLOTS the tree is built again.
   */
  extra: number[];
}

/** Places a diet tree checks one by one before it is built again (see DietTree.extra). */
const MAX_EXTRA_SLOTS = 64;

const VEGAN_FLAG = 1;
const VEGETARIAN_FLAG = 2;

interface Build {
  promise: Promise<Snapshot>;
  snapshot: Snapshot | null;
  /** Menu events received while this build was loading: applied when it lands. */
  menuChanges: Set<string>;
}

function toSnapshot(rows: Place[]): Snapshot {
  const index = new KDBush(Math.max(rows.length, 1), NODE_SIZE);
  for (const row of rows) index.add(row.lng, row.lat);
  // an empty tree still needs one point to be valid: put it where nothing accepts it
  if (rows.length === 0) index.add(0, 0);
  index.finish();
  // the tree sorted its slots; it now names each place by its slot (places[slot] is that place)
  const slots = rows.length;
  const places = new Array<IndexedPlace>(slots);
  const cosLat = new Float64Array(slots);
  const categoryCode = new Uint16Array(slots);
  const diet = new Uint8Array(slots);
  const categoryNames: string[] = [];
  const codes = new Map<string, number>();
  for (let slot = 0; slot < slots; slot++) {
    const { id, lat, lng, category, vegan, vegetarian } = rows[index.ids[slot]!]!;
    index.ids[slot] = slot;
    places[slot] = { id, lat, lng, category, vegan, vegetarian, item: undefined, itemGeneration: -1 };
    cosLat[slot] = sqlCosLat(lat);
    let code = codes.get(category);
    if (code === undefined) {
      code = categoryNames.push(category) - 1;
      codes.set(category, code);
    }
    categoryCode[slot] = code;
    diet[slot] = (vegan ? VEGAN_FLAG : 0) | (vegetarian ? VEGETARIAN_FLAG : 0);
  }
  return {
    index,
    places,
    positionOf: new Map(places.map((place, position) => [place.id, position])),
    cosLat,
    categoryCode,
    categoryNames,
    diet,
    vegan: dietTree(index, diet, VEGAN_FLAG),
    vegetarian: dietTree(index, diet, VEGETARIAN_FLAG),
  };
}

/** The tree of the places whose `diet` has `flag` (slots taken from the snapshot's `index`). */
function dietTree(index: KDBush, diet: Uint8Array, flag: number): DietTree | null {
  const slots: number[] = [];
  for (let slot = 0; slot < diet.length; slot++) if ((diet[slot]! & flag) !== 0) slots.push(slot);
  if (slots.length === 0) return null;
  const tree = new KDBush(slots.length, NODE_SIZE);
  for (const slot of slots) tree.add(index.coords[2 * slot]!, index.coords[2 * slot + 1]!);
  tree.finish();
  // in the tree's own order, as for the snapshot: tree.ids[i] is then i, and slots[i] its place
  const ordered = new Uint32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    ordered[i] = slots[tree.ids[i]!]!;
    tree.ids[i] = i;
  }
  return { flag, index: tree, slots: ordered, extra: [] };
}

/** A prefilter in the snapshot's terms: the category codes allowed (null: all), the flags needed. */
function columnFilter(snapshot: Snapshot, prefilter: NearbyPrefilter | undefined) {
  let allowed: Uint8Array | null = null;
  if (prefilter?.categories) {
    allowed = new Uint8Array(snapshot.categoryNames.length);
    for (const [code, name] of snapshot.categoryNames.entries())
      if (prefilter.categories.has(name)) allowed[code] = 1;
  }
  const flags = (prefilter?.vegan ? VEGAN_FLAG : 0) | (prefilter?.vegetarian ? VEGETARIAN_FLAG : 0);
  return { allowed, flags };
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
  snapshot: Snapshot,
  origin: LatLng,
  count: number,
  accept: (place: IndexedPlace) => boolean,
  firstRadius: number,
  prefilter: NearbyPrefilter | undefined,
): { near: NearPlace[] } | null {
  const { index, places, cosLat, categoryCode, diet } = snapshot;
  const { coords } = index;
  const { allowed, flags } = columnFilter(snapshot, prefilter);
  // a diet filter searches the tree of that diet's places (and the places flagged since)
  const tree =
    (flags & VEGAN_FLAG) !== 0
      ? snapshot.vegan
      : (flags & VEGETARIAN_FLAG) !== 0
        ? snapshot.vegetarian
        : null;
  const { lat: originLat, lng: originLng } = origin;
  const originCosLat = sqlCosLat(originLat);
  let radius = firstRadius;
  for (;;) {
    const box = boundingBox(origin, radius + 1);
    if (!box) return null;
    const near: NearPlace[] = [];
    // the columns first (side by side in memory), the place itself only when within reach
    const consider = (position: number) => {
      if (position >= places.length) return;
      if (allowed !== null && allowed[categoryCode[position]!] === 0) return;
      if ((diet[position]! & flags) !== flags) return;
      const distance = roundHalfEven(
        sqlHaversineMetersCos(
          originLat,
          originLng,
          originCosLat,
          coords[2 * position + 1]!,
          coords[2 * position]!,
          cosLat[position]!,
        ),
      );
      if (distance > radius) return;
      const place = places[position]!;
      if (accept(place)) near.push({ place, distance });
    };
    for (const [minLng, maxLng] of box.lngRanges) {
      if (tree === null) {
        for (const position of index.range(minLng, box.minLat, maxLng, box.maxLat)) consider(position);
      } else {
        for (const i of tree.index.range(minLng, box.minLat, maxLng, box.maxLat)) consider(tree.slots[i]!);
      }
    }
    if (tree !== null) for (const position of tree.extra) consider(position);
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
    const was = snapshot.diet[position]!;
    snapshot.diet[position] = VEGAN_FLAG | VEGETARIAN_FLAG;
    for (const key of ['vegan', 'vegetarian'] as const) {
      // (no tree: no place had the flag, and its searches go through the whole index)
      const tree = snapshot[key];
      if (tree === null || (was & tree.flag) !== 0) continue;
      tree.extra.push(position);
      if (tree.extra.length > MAX_EXTRA_SLOTS)
        snapshot[key] = dietTree(snapshot.index, snapshot.diet, tree.flag);
    }
  }

  /** The first radius of a search, learnt per filter (see ringNearest). */
  const firstRadii = new Map<string, number>();

  return {
    async nearest(origin, count, accept, filterKey = '', prefilter = undefined) {
      const snapshot = await current();
      const { index, places } = snapshot;
      const keep = (position: number) => position < places.length && accept(places[position]!);
      const learnt = firstRadii.get(filterKey);
      const found = ringNearest(snapshot, origin, count, accept, learnt ?? FIRST_RADIUS_METERS, prefilter);
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
