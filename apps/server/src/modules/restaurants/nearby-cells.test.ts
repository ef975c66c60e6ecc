import { EARTH_RADIUS_METERS, haversineMeters } from '@comensal/domain';
import { sql } from 'drizzle-orm';
import { menuTopic, type ListRestaurantsQuery, type RestaurantList } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedProduct, buildSeedRestaurant, insertRestaurant } from '../../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { nextLiveEvent, signInForTest, TEST_ORIGIN } from '../live/testing.ts';
import {
  cellOf,
  listRestaurants,
  roundHalfEven,
  sqlDistanceMeters,
  sqlHaversineMeters,
} from './list-restaurants.ts';
import { RESTAURANT_LIST_CACHE_CHANNEL } from './live-channels.ts';
import { createListCache } from './response-cache.ts';
import { updateProduct } from './update-product.ts';

// Monday 2 March 2026, 12:00 in Santiago (UTC−3)
const NOW = new Date('2026-03-02T15:00:00Z');

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
const clampLat = (lat: number) => Math.min(90, Math.max(-90, lat));

let t: TestApp;
const rand = random(20260302);

async function get(url: string): Promise<RestaurantList> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RestaurantList;
}

const toUrl = (query: ListRestaurantsQuery) =>
  `/api/restaurants?${new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString()}`;

/** The SQL path (no cache, no cells), as answered before the cells existed. */
const sqlList = (query: ListRestaurantsQuery) => listRestaurants({ db: t.db.db, now: () => NOW }, query);

/** JSON as the route sends it (no undefined members). */
const plain = (list: RestaurantList) => JSON.parse(JSON.stringify(list)) as RestaurantList;

/**
 * The cells the origins are drawn in (south-west corner and size in degrees), on the grids of
 * several of the cell sizes (list-restaurants.ts CELL_LEVELS; whichever a cell uses, the answers
 * must not change).
 */
const CELLS = [
  { name: 'dense Santiago', south: -33.44, west: -70.66, size: 0.02 },
  { name: 'dense centre, small', south: -33.4325, west: -70.6525, size: 0.0025 },
  { name: 'Santiago, large', south: -33.52, west: -70.72, size: 0.16 },
  { name: 'Santiago edge', south: -33.5, west: -70.8, size: 0.02 },
  { name: 'sparse south', south: -40.0, west: -72.0, size: 0.04 },
  { name: 'antimeridian west side', south: -17.72, west: 179.98, size: 0.02 },
  { name: 'antimeridian east side', south: -17.72, west: -180, size: 0.02 },
  { name: 'north pole', south: 89.98, west: 10.0, size: 0.02 },
];

const FILTERS: Omit<ListRestaurantsQuery, 'lat' | 'lng' | 'sort' | 'limit'>[] = [
  {},
  { vegan: 'true' },
  { vegetarian: 'true' },
  { q: 'sol' },
  { category: 'cafe,grill' },
  { category: 'sushi', vegetarian: 'true' },
  { q: 'luna', vegan: 'true' },
];

/** Corners, edge midpoints, the centre and random points of a cell. */
function originsIn(cell: { south: number; west: number; size: number }, randomCount: number) {
  const { south, west, size } = cell;
  const north = clampLat(south + size);
  const east = west + size;
  const points = [
    { lat: south, lng: west },
    { lat: south, lng: east },
    { lat: north, lng: west },
    { lat: north, lng: east },
    { lat: (south + north) / 2, lng: west },
    { lat: south, lng: west + size / 2 },
    { lat: (south + north) / 2, lng: west + size / 2 },
    // just inside the corners
    { lat: south + 1e-9, lng: west + 1e-9 },
    { lat: north - 1e-9, lng: east - 1e-9 },
  ];
  for (let i = 0; i < randomCount; i++) {
    points.push({ lat: south + rand() * (north - south), lng: west + rand() * size });
  }
  return points.map(({ lat, lng }) => ({
    lat: Number(clampLat(lat).toFixed(9)),
    lng: Number(wrapLng(lng).toFixed(9)),
  }));
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  const areas = [
    // dense: 0.3 km around the first cell, then a wider city
    { count: 120, lat: -33.43, lng: -70.65, spread: 0.02 },
    { count: 100, lat: -33.45, lng: -70.65, spread: 0.25 },
    // sparse: a few over several degrees
    { count: 25, lat: -40, lng: -72, spread: 3 },
    // both sides of the ±180° meridian
    { count: 40, lat: -17.71, lng: 179.99, spread: 0.1 },
    { count: 15, lat: -17.71, lng: 179.99, spread: 2 },
    // around the North Pole
    { count: 20, lat: 89.97, lng: 0, spread: 0.05, anyLng: true },
  ];
  const categories = ['cafe', 'grill', 'sushi', 'chilean'];
  const words = ['Sol', 'Luna', 'Mar', 'Cerro', 'Río'];
  let index = 0;
  for (const area of areas) {
    for (let i = 0; i < area.count; i++) {
      index += 1;
      const lat = clampLat(area.lat + (rand() - 0.5) * 2 * area.spread);
      const lng = area.anyLng ? rand() * 360 - 180 : wrapLng(area.lng + (rand() - 0.5) * 2 * area.spread);
      const diet = rand();
      const tags: ('vegan' | 'vegetarian')[] = diet < 0.25 ? ['vegan'] : diet < 0.5 ? ['vegetarian'] : [];
      await insertRestaurant(
        t.db.db,
        buildSeedRestaurant({
          name: `${words[index % words.length]} ${index}`,
          category: categories[index % categories.length]!,
          location: { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) },
          rooms: [],
          products: [buildSeedProduct({ tags })],
        }),
      );
    }
  }
  // a few at the very same place: ties broken by id
  for (let i = 0; i < 6; i++) {
    await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: `Sol gemelo ${i}`,
        category: 'cafe',
        location: { lat: -33.431, lng: -70.651 },
        rooms: [],
        products: [buildSeedProduct({ tags: i % 2 ? ['vegan'] : [] })],
      }),
    );
  }
}, 120_000);

afterAll(() => t.close());

describe('first pages by distance from the candidates of a map cell', () => {
  it('answer exactly as the SQL path, and page 2 continues without gaps or duplicates', async () => {
    let compared = 0;
    let withNextPage = 0;
    for (const cell of CELLS) {
      for (const [originIndex, origin] of originsIn(cell, 8).entries()) {
        for (const [limitIndex, limit] of [1, 2, 20].entries()) {
          const filters = FILTERS[(originIndex * 3 + limitIndex) % FILTERS.length]!;
          const query: ListRestaurantsQuery = { ...filters, ...origin, sort: 'distance', limit };
          const context = `${cell.name} ${JSON.stringify(query)}`;
          const cached = await get(toUrl(query));
          expect(cached, context).toEqual(plain(await sqlList(query)));
          compared += 1;
          // the first two pages against one SQL page of their length
          const whole = plain(await sqlList({ ...query, limit: 2 * limit }));
          if (cached.nextCursor) {
            withNextPage += 1;
            const second = await get(toUrl({ ...query, cursor: cached.nextCursor }));
            expect([...cached.items, ...second.items], context).toEqual(whole.items);
          } else {
            expect(cached.items, context).toEqual(whole.items);
          }
        }
      }
    }
    expect(compared).toBe(CELLS.length * 17 * 3);
    expect(withNextPage).toBeGreaterThan(compared / 2);
  }, 120_000);

  it('answers every matching restaurant when fewer than a page match anywhere', async () => {
    const query: ListRestaurantsQuery = { q: 'gemelo', lat: 89.99, lng: 45, sort: 'distance', limit: 20 };
    const cached = await get(toUrl(query));
    expect(cached.items).toHaveLength(6);
    expect(cached).toEqual(plain(await sqlList(query)));
  });

  it('a menu change empties the candidates', async () => {
    const origin = { lat: -33.4311, lng: -70.6511 };
    const inserted = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: 'Verde Celda',
        category: 'cafe',
        location: { lat: -33.4312, lng: -70.6512 },
        rooms: [],
        products: [buildSeedProduct({ tags: [] })],
      }),
    );
    // not vegan yet: the vegan candidates of the cell leave it out
    const query = { vegan: 'true', sort: 'distance', limit: 20 } as const;
    await get(toUrl({ ...query, ...origin }));
    const changed = nextLiveEvent(t.app, menuTopic(inserted.restaurant.id));
    await updateProduct({ db: t.db.db, now: t.clock.now }, inserted.restaurant.id, inserted.products[0]!.id, {
      tags: ['vegan'],
    });
    await changed;
    // another origin of the same cell: a new answer, made from the cell's candidates
    const elsewhere = { lat: -33.4315, lng: -70.6515 };
    expect(cellOf(elsewhere).key).toBe(cellOf(origin).key);
    const after = await get(toUrl({ ...query, ...elsewhere }));
    expect(after.items.map((r) => r.name)).toContain('Verde Celda');
    expect(after).toEqual(plain(await sqlList({ ...query, ...elsewhere })));
  });

  it('a favourite empties the candidates', async () => {
    const origin = { lat: -33.4301, lng: -70.6501 };
    const first = await get(toUrl({ ...origin, sort: 'distance', limit: 1 }));
    const nearest = first.items[0]!;
    const diner = await signInForTest(t.app);
    const dropped = nextLiveEvent(t.app, RESTAURANT_LIST_CACHE_CHANNEL);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/me/favorites/restaurants/${nearest.id}`,
      headers: { origin: TEST_ORIGIN, cookie: diner.cookie },
    });
    expect(put.statusCode).toBe(200);
    await dropped;
    const elsewhere = { lat: -33.4302, lng: -70.6502 };
    expect(cellOf(elsewhere).key).toBe(cellOf(origin).key);
    const after = await get(toUrl({ ...elsewhere, sort: 'distance', limit: 1 }));
    expect(after.items[0]).toMatchObject({ id: nearest.id, favoritesCount: nearest.favoritesCount + 1 });
    expect(after).toEqual(plain(await sqlList({ ...elsewhere, sort: 'distance', limit: 1 })));
  });
});

describe('map cells', () => {
  it('reach every point of the cell from its centre', () => {
    const pick = random(7);
    for (const size of [0.16, 0.02, 0.0025]) {
      for (const lat of [-90, -89.99, -45.5, -0.01, 0, 33.33, 89.97, 90]) {
        for (const lng of [-180, -179.99, -0.005, 0, 120.01, 179.99, 180]) {
          const cell = cellOf({ lat, lng }, size);
          expect(haversineMeters(cell.centre, { lat, lng })).toBeLessThanOrEqual(cell.reach);
          const south = Math.floor((cell.centre.lat + 90) / size) * size - 90;
          const west = Math.floor((cell.centre.lng + 180) / size) * size - 180;
          for (let i = 0; i < 50; i++) {
            const point = {
              lat: clampLat(south + pick() * size),
              lng: Math.min(180, west + pick() * size),
            };
            expect(haversineMeters(cell.centre, point)).toBeLessThanOrEqual(cell.reach);
          }
        }
      }
    }
  });

  it('measure as the SQL distance: the same metres, within a few units in the last place before rounding', async () => {
    const pick = random(11);
    const pairs = Array.from({ length: 4_000 }, (_, i) => {
      const lat = i % 4 === 0 ? 89 + pick() : pick() * 180 - 90;
      const lng = pick() * 360 - 180;
      // near (a few metres to a few km) and far
      const spread = [1e-4, 0.01, 0.2, 40][i % 4]!;
      return {
        a: { lat, lng },
        b: { lat: clampLat(lat + (pick() - 0.5) * spread), lng: wrapLng(lng + (pick() - 0.5) * spread) },
      };
    });
    // a float8[] literal: JavaScript writes each double with the digits that read back to it
    const column = (values: number[]) => `{${values.join(',')}}`;
    const result = await t.db.db.execute(sql`
      SELECT 2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(
        power(sin(radians(b_lat - a_lat::float8) / 2), 2)
        + cos(radians(a_lat::float8)) * cos(radians(b_lat))
          * power(sin(radians(b_lng - a_lng::float8) / 2), 2)))) AS meters
      FROM unnest(${column(pairs.map((p) => p.a.lat))}::float8[], ${column(pairs.map((p) => p.a.lng))}::float8[],
                  ${column(pairs.map((p) => p.b.lat))}::float8[], ${column(pairs.map((p) => p.b.lng))}::float8[])
        WITH ORDINALITY AS x(a_lat, a_lng, b_lat, b_lng, n)
      ORDER BY n`);
    const fromSql = result.rows.map((row) => Number((row as { meters: number }).meters));
    const inJs = pairs.map(({ a, b }) => sqlHaversineMeters(a, b));
    // sin/cos/asin of V8 and of the C library differ in the last bit now and then (~1 % here)
    const apart = inJs.filter((meters, i) => Math.abs(meters - fromSql[i]!) > 4e-16 * fromSql[i]!);
    expect(apart).toEqual([]);
    expect(inJs.map((meters) => roundHalfEven(meters))).toEqual(
      fromSql.map((meters) => roundHalfEven(meters)),
    );
    expect(
      inJs.map((meters, i) => sqlDistanceMeters(pairs[i]!.a, pairs[i]!.b) === roundHalfEven(meters)),
    ).not.toContain(false);
  });

  it('round halves to even, as PostgreSQL round(float8) does', () => {
    expect([0.5, 1.5, 2.5, 3.5, 2.4999999, 2.5000001, 7, 1e6 + 0.5].map(roundHalfEven)).toEqual([
      0, 2, 2, 4, 2, 3, 7, 1e6,
    ]);
  });
});

describe('the list cache values', () => {
  it('share a computation, stay within their weight, and empty with the answers and each minute', async () => {
    const cache = createListCache({ maxValueWeight: 10 });
    let computed = 0;
    const value = (key: string, weight: number, at = NOW) =>
      cache.getValue(
        key,
        at,
        async () => {
          computed += 1;
          return key;
        },
        () => weight,
      );
    expect(await Promise.all([value('a', 4), value('a', 4)])).toEqual(['a', 'a']);
    expect(computed).toBe(1);
    await value('b', 3);
    await value('a', 4);
    expect(computed).toBe(2);
    // 4 + 3 + 4 > 10: the least recently used (b) goes
    await value('c', 4);
    await value('a', 4);
    expect(computed).toBe(3);
    await value('b', 3);
    expect(computed).toBe(4);
    cache.clear();
    await value('a', 4);
    expect(computed).toBe(5);
    await value('a', 4, new Date(NOW.getTime() + 60_000));
    expect(computed).toBe(6);
  });
});
