/**
 * The nearby index alone (no database): its pages against the plain definition — every accepted
 * place measured as the SQL does, sorted by (metres, id), the first `count` — from clusters,
 * sparse points, both sides of the ±180° meridian and the poles; and how it learns where to start.
 * nearby-lists.test.ts compares the whole page with the database's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Place } from './list-repository.ts';
import { createNearbyIndex, nextFirstRadius, type NearPlace } from './nearby-index.ts';
import { sqlDistanceMeters } from './sql-distance.ts';

const CATEGORIES = ['cafe', 'grill', 'sushi'] as const;

/** The definition: every accepted place, measured, by (metres, id), the first `count`. */
function bruteForce(
  places: Place[],
  origin: { lat: number; lng: number },
  count: number,
  accept: (p: Place) => boolean,
) {
  return places
    .filter(accept)
    .map((place) => ({ id: place.id, distance: sqlDistanceMeters(origin, place) }))
    .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, count);
}

const ids = (near: NearPlace[]) => near.map(({ place, distance }) => ({ id: place.id, distance }));

const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
const clampLat = (lat: number) => Math.min(90, Math.max(-90, lat));

/** Places around a few centres (spread in degrees), some exactly on top of each other. */
const placesArbitrary = fc
  .array(
    fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lng: fc.double({ min: -180, max: 180, noNaN: true }),
      spread: fc.constantFrom(0, 0.001, 0.05, 2, 60),
      size: fc.integer({ min: 1, max: 60 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((clusters) =>
    fc.tuple(
      ...clusters.map(({ lat, lng, spread, size }) =>
        fc
          .array(
            fc.record({
              dLat: fc.double({ min: -1, max: 1, noNaN: true }),
              dLng: fc.double({ min: -1, max: 1, noNaN: true }),
              category: fc.constantFrom(...CATEGORIES),
              vegan: fc.boolean(),
              vegetarian: fc.boolean(),
            }),
            { minLength: size, maxLength: size },
          )
          .map((points) =>
            points.map(({ dLat, dLng, ...rest }) => ({
              lat: clampLat(lat + dLat * spread),
              lng: wrapLng(lng + dLng * spread),
              ...rest,
            })),
          ),
      ),
    ),
  )
  .map((clusters) =>
    clusters
      .flat()
      .map((point, i): Place => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, ...point })),
  );

const filterArbitrary = fc.record({
  categories: fc.subarray([...CATEGORIES]),
  vegan: fc.boolean(),
});

describe('the nearby index', () => {
  it('answers the k nearest accepted places as the plain definition, wherever the origin', async () => {
    await fc.assert(
      fc.asyncProperty(
        placesArbitrary,
        fc.array(
          fc.record({
            origin: fc.oneof(
              fc.record({
                lat: fc.double({ min: -90, max: 90, noNaN: true }),
                lng: fc.double({ min: -180, max: 180, noNaN: true }),
              }),
              fc.constantFrom(
                { lat: 0, lng: 180 },
                { lat: 0, lng: -180 },
                { lat: 90, lng: 0 },
                { lat: -89.99, lng: 12 },
              ),
            ),
            count: fc.integer({ min: 1, max: 25 }),
            filter: filterArbitrary,
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (places, searches) => {
          const index = createNearbyIndex(async () => places.map((place) => ({ ...place })));
          for (const { origin, count, filter } of searches) {
            const accept = (place: Place) =>
              (filter.categories.length === 0 ||
                (filter.categories as readonly string[]).includes(place.category)) &&
              (!filter.vegan || place.vegan);
            const key = `${filter.categories.join(',')}|${filter.vegan}|${count}`;
            const near = await index.nearest(origin, count, accept, key);
            expect(ids(near)).toEqual(bruteForce(places, origin, count, accept));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('rules places out by its columns and diet trees as the plain definition does, menu events included', async () => {
    // the prefilter (categories, vegan, vegetarian) narrows through the index's own columns and
    // the trees of vegan / vegetarian places; a menu event makes a place "maybe" for both (found
    // by the trees' extra places, then by a tree built again past MAX_EXTRA_SLOTS); `accept`
    // still refuses some places the prefilter lets through (as an item's "visible now" does)
    await fc.assert(
      fc.asyncProperty(
        placesArbitrary,
        fc.array(
          fc.record({
            origin: fc.record({
              lat: fc.double({ min: -90, max: 90, noNaN: true }),
              lng: fc.double({ min: -180, max: 180, noNaN: true }),
            }),
            count: fc.integer({ min: 1, max: 25 }),
            categories: fc.subarray([...CATEGORIES]),
            vegan: fc.boolean(),
            vegetarian: fc.boolean(),
            refuseEvery: fc.integer({ min: 2, max: 9 }),
            // menu events before this search: indices into the places (up to 100: past 64)
            menuEvents: fc.array(fc.nat(), { maxLength: 100 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (places, searches) => {
          const index = createNearbyIndex(async () => places.map((place) => ({ ...place })));
          const maybe = new Set<string>();
          await index.nearest({ lat: 0, lng: 0 }, 1, () => true);
          for (const { origin, count, categories, vegan, vegetarian, refuseEvery, menuEvents } of searches) {
            for (const event of menuEvents) {
              const id = places[event % places.length]!.id;
              maybe.add(id);
              index.menuChanged(id);
            }
            const prefilter = {
              categories: categories.length === 0 ? null : new Set<string>(categories),
              vegan,
              vegetarian,
            };
            const definition = (place: Place) =>
              (prefilter.categories === null || prefilter.categories.has(place.category)) &&
              (!vegan || place.vegan || maybe.has(place.id)) &&
              (!vegetarian || place.vegetarian || maybe.has(place.id)) &&
              Number(place.id.slice(-12)) % refuseEvery !== 0;
            const near = await index.nearest(origin, count, definition, `${refuseEvery}`, prefilter);
            expect(ids(near)).toEqual(bruteForce(places, origin, count, definition));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds every place a menu event made "maybe", past the extra places a diet tree checks one by one', async () => {
    // 300 places on a grid, one in ten vegan; menu events on 100 others (beyond MAX_EXTRA_SLOTS)
    const places: Place[] = Array.from({ length: 300 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      lat: -33.45 + (i % 20) * 0.001,
      lng: -70.65 + Math.floor(i / 20) * 0.001,
      category: 'cafe',
      vegan: i % 10 === 0,
      vegetarian: i % 10 === 0,
    }));
    const index = createNearbyIndex(async () => places.map((place) => ({ ...place })));
    const maybe = new Set<string>();
    const vegan = (place: Place) => place.vegan || maybe.has(place.id);
    const prefilter = { categories: null, vegan: true, vegetarian: false };
    // (menu events reach an index once built: a later build reads the flags again)
    await index.nearest({ lat: 0, lng: 0 }, 1, () => true);
    for (let round = 0; round < 10; round++) {
      for (let i = round * 10 + 1; i < 300 && i < round * 30 + 30; i += 3) {
        maybe.add(places[i]!.id);
        index.menuChanged(places[i]!.id);
      }
      const origin = { lat: -33.45 + round * 0.002, lng: -70.65 + round * 0.0015 };
      const near = await index.nearest(origin, 21, vegan, 'v', prefilter);
      expect(ids(near)).toEqual(bruteForce(places, origin, 21, vegan));
    }
    expect(maybe.size).toBeGreaterThan(64);
  });

  it('finds a dense city page right after learning from the countryside, and the other way round', async () => {
    // a dense city and a lone village 300 km away, both from one filter (the learnt radius is shared)
    const city = Array.from({ length: 400 }, (_, i) => ({
      lat: -33.45 + (i % 20) * 0.0005,
      lng: -70.65 + Math.floor(i / 20) * 0.0005,
    }));
    const village = Array.from({ length: 30 }, (_, i) => ({ lat: -36 + i * 0.01, lng: -72 }));
    const places: Place[] = [...city, ...village].map((position, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ...position,
      category: 'cafe',
      vegan: i % 2 === 0,
      vegetarian: true,
    }));
    const index = createNearbyIndex(async () => places);
    const all = () => true;
    for (const origin of [
      { lat: -36.1, lng: -72.01 },
      { lat: -33.449, lng: -70.649 },
      { lat: -36.05, lng: -72 },
      { lat: -33.4, lng: -70.6 },
    ]) {
      expect(ids(await index.nearest(origin, 21, all, 'k'))).toEqual(bruteForce(places, origin, 21, all));
    }
  });
});

describe('the first radius of a search', () => {
  it.each([
    // learnt, last distance → next first radius
    [undefined, 400, 500],
    [undefined, 10, 100], // never below 100 m
    [undefined, 5_000_000, 1_000_000], // nor above 1,000 km
    [500, 400, 500], // steady: stays
    [500, 40_000, Math.round(Math.exp((3 * Math.log(500) + Math.log(50_000)) / 4))], // one far page moves it a quarter of the way (in logarithms)
    [50_000, 400, Math.round(Math.exp((3 * Math.log(50_000) + Math.log(500)) / 4))],
  ])('learnt %s, last item at %s m → %s m', (learnt, last, expected) => {
    expect(nextFirstRadius(learnt, last)).toBe(expected);
  });
});
