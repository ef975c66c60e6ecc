/**
 * Nearest-first pages made in memory (nearby-index.ts, summary-cache.ts, list-restaurants.ts
 * nearbyFirstPage) against the database path (`listRestaurants`), on a real PostgreSQL: the same
 * answer to the byte from any position — dense city, sparse countryside, both sides of the ±180°
 * meridian, the North Pole, ties at one point — and the same answer after every kind of change.
 */
import { EARTH_RADIUS_METERS } from '@comensal/domain';
import { menuTopic, type ListRestaurantsQuery, type RestaurantList } from '@comensal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '../../../http/request.ts';
import {
  buildSeedProduct,
  buildSeedRestaurant,
  insertRestaurant,
} from '../../../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { nextLiveEvent } from '../../../test/live.ts';
import { signUpUser, TEST_ORIGIN } from '../../../test/sessions.ts';
import { listRestaurants } from './list-restaurants.ts';
import { listUrl, seededRandom } from './testing.ts';
import { RESTAURANT_LIST_CACHE_CHANNEL } from '../live-channels.ts';
import { roundHalfEven, sqlDistanceMeters, sqlHaversineMeters } from './sql-distance.ts';
import { updateProduct } from '../update-product.ts';

// Monday 2 March 2026, 12:00 in Santiago (UTC−3)
const NOW = new Date('2026-03-02T15:00:00Z');

const wrapLng = (lng: number) => (lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng);
const clampLat = (lat: number) => Math.min(90, Math.max(-90, lat));

let t: TestApp;
const rand = seededRandom(20260302);

/** The route's answer as text (the nearby path writes its JSON itself). */
async function getText(query: ListRestaurantsQuery): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: listUrl(query) });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

/** The database path at the app's clock. */
const fromDatabase = (query: ListRestaurantsQuery) =>
  listRestaurants({ db: t.db.db, now: t.clock.now }, query);

/** Where the origins are drawn. */
const AREAS = [
  { name: 'dense centre', lat: -33.43, lng: -70.65, spread: 0.02 },
  { name: 'wider city', lat: -33.45, lng: -70.65, spread: 0.25 },
  { name: 'sparse south', lat: -40, lng: -72, spread: 3 },
  { name: 'antimeridian', lat: -17.71, lng: 179.99, spread: 0.1 },
  { name: 'north pole', lat: 89.97, lng: 0, spread: 0.05, anyLng: true },
  { name: 'far from everything', lat: 45, lng: 60, spread: 10 },
];

const FILTERS: Omit<ListRestaurantsQuery, 'lat' | 'lng' | 'sort' | 'limit'>[] = [
  {},
  { vegan: 'true' },
  { vegetarian: 'true' },
  { category: 'cafe,grill' },
  { category: 'sushi', vegetarian: 'true' },
  { vegan: 'true', vegetarian: 'true' },
];

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  const areas = [
    { count: 120, lat: -33.43, lng: -70.65, spread: 0.02 },
    { count: 100, lat: -33.45, lng: -70.65, spread: 0.25 },
    { count: 25, lat: -40, lng: -72, spread: 3 },
    { count: 40, lat: -17.71, lng: 179.99, spread: 0.1 },
    { count: 15, lat: -17.71, lng: 179.99, spread: 2 },
    { count: 20, lat: 89.97, lng: 0, spread: 0.05, anyLng: true },
  ];
  const categories = ['cafe', 'grill', 'sushi', 'chilean'];
  let index = 0;
  for (const area of areas) {
    for (let i = 0; i < area.count; i++) {
      index += 1;
      const lat = clampLat(area.lat + (rand() - 0.5) * 2 * area.spread);
      const lng = area.anyLng ? rand() * 360 - 180 : wrapLng(area.lng + (rand() - 0.5) * 2 * area.spread);
      const diet = rand();
      const tags: ('vegan' | 'vegetarian')[] =
        diet < 0.2 ? ['vegan'] : diet < 0.4 ? ['vegetarian'] : diet < 0.5 ? ['vegan', 'vegetarian'] : [];
      await insertRestaurant(
        t.db.db,
        buildSeedRestaurant({
          name: `Lugar ${index}`,
          category: categories[index % categories.length]!,
          location: { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) },
          rooms: [],
          // every 7th has its diet product on a schedule: visible 20:00–23:00 only
          products: [
            buildSeedProduct({
              tags,
              ...(index % 7 === 0 ? { scheduleStart: '20:00', scheduleEnd: '23:00' } : {}),
            }),
          ],
        }),
      );
    }
  }
  // several at the very same point: ties broken by id
  for (let i = 0; i < 6; i++) {
    await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: `Gemelo ${i}`,
        category: 'cafe',
        location: { lat: -33.431, lng: -70.651 },
        rooms: [],
        products: [buildSeedProduct({ tags: i % 2 ? ['vegan'] : [] })],
      }),
    );
  }
}, 120_000);

afterAll(() => t.close());

function origins(): { lat: number; lng: number }[] {
  const points = [
    { lat: -33.431, lng: -70.651 }, // on the twins
    { lat: -17.71, lng: 180 },
    { lat: -17.71, lng: -180 },
    { lat: 89.99, lng: 45 },
    { lat: 90, lng: 0 },
    { lat: -90, lng: 0 },
  ];
  for (const area of AREAS) {
    for (let i = 0; i < 20; i++) {
      const lat = clampLat(area.lat + (rand() - 0.5) * 2 * area.spread);
      const lng = area.anyLng ? rand() * 360 - 180 : wrapLng(area.lng + (rand() - 0.5) * 2 * area.spread);
      points.push({ lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) });
    }
  }
  return points;
}

describe('nearest-first pages made in memory', () => {
  it('answer the database page to the byte from anywhere, and page 2 continues them', async () => {
    let compared = 0;
    let withNextPage = 0;
    for (const [i, origin] of origins().entries()) {
      for (const [j, limit] of [1, 2, 20].entries()) {
        const filters = FILTERS[(i * 3 + j) % FILTERS.length]!;
        const query: ListRestaurantsQuery = { ...filters, ...origin, sort: 'distance', limit };
        const text = await getText(query);
        const expected = await fromDatabase(query);
        expect(text, JSON.stringify(query)).toBe(JSON.stringify(expected));
        compared += 1;
        const page = JSON.parse(text) as RestaurantList;
        const whole = await fromDatabase({ ...query, limit: 2 * limit });
        if (page.nextCursor) {
          withNextPage += 1;
          const second = JSON.parse(await getText({ ...query, cursor: page.nextCursor })) as RestaurantList;
          expect([...page.items, ...second.items], JSON.stringify(query)).toEqual(whole.items);
        } else {
          expect(page.items).toEqual(whole.items);
        }
      }
    }
    expect(compared).toBe((6 + AREAS.length * 20) * 3);
    expect(withNextPage).toBeGreaterThan(compared / 2);
  }, 120_000);

  it('list every match, and no cursor, when fewer than a page match anywhere', async () => {
    const query: ListRestaurantsQuery = {
      category: 'cafe',
      vegan: 'true',
      lat: 0,
      lng: 0,
      sort: 'distance',
      limit: 100,
    };
    const all = await fromDatabase({ category: 'cafe', vegan: 'true', limit: 100 });
    const page = JSON.parse(await getText(query)) as RestaurantList;
    expect(page.items.length).toBe(all.items.length);
    expect(page.nextCursor).toBeNull();
    expect(JSON.stringify(page)).toBe(JSON.stringify(await fromDatabase(query)));
  });

  it('follow the clock for a diet product on a schedule (kept for its minute only)', async () => {
    const scheduled = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: 'Cena Tardía',
        category: 'cafe',
        location: { lat: -33.4405, lng: -70.6605 },
        rooms: [],
        products: [buildSeedProduct({ tags: ['vegan'], scheduleStart: '20:00', scheduleEnd: '23:00' })],
      }),
    );
    const origin = { lat: -33.44051, lng: -70.66051 };
    const query: ListRestaurantsQuery = { ...origin, vegan: 'true', sort: 'distance', limit: 3 };
    try {
      const noon = JSON.parse(await getText(query)) as RestaurantList;
      expect(noon.items.map((item) => item.id)).not.toContain(scheduled.restaurant.id);
      expect(JSON.stringify(noon)).toBe(JSON.stringify(await fromDatabase(query)));
      // 21:00 in Santiago
      t.clock.set(new Date('2026-03-03T00:00:00Z'));
      // An index in use takes the new restaurant in with its rebuild, about a second after the
      // change (ADR 0012): ask from a new position each time until it is there.
      let evening: RestaurantList | undefined;
      let at = { ...query };
      for (let attempt = 1; attempt <= 50; attempt += 1) {
        at = { ...query, lng: origin.lng + attempt * 1e-6 };
        evening = JSON.parse(await getText(at)) as RestaurantList;
        if (evening.items[0]?.id === scheduled.restaurant.id) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(evening?.items[0]?.id).toBe(scheduled.restaurant.id);
      expect(evening?.items[0]?.hasVegan).toBe(true);
      expect(JSON.stringify(evening)).toBe(JSON.stringify(await fromDatabase(at)));
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('after a change', () => {
  it('a menu change reaches the next page from anywhere', async () => {
    const inserted = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: 'Verde Nuevo',
        category: 'cafe',
        location: { lat: -33.4312, lng: -70.6512 },
        rooms: [],
        products: [buildSeedProduct({ tags: [] })],
      }),
    );
    const query = { vegan: 'true', sort: 'distance', limit: 20 } as const;
    const before = JSON.parse(await getText({ ...query, lat: -33.4311, lng: -70.6511 })) as RestaurantList;
    expect(before.items.map((item) => item.id)).not.toContain(inserted.restaurant.id);
    const changed = nextLiveEvent(t.app, menuTopic(inserted.restaurant.id));
    await updateProduct(appContext(t.app), inserted.restaurant.id, inserted.products[0]!.id, {
      tags: ['vegan'],
    });
    await changed;
    const elsewhere = { ...query, lat: -33.4313, lng: -70.6513 };
    const after = JSON.parse(await getText(elsewhere)) as RestaurantList;
    expect(after.items[0]?.id).toBe(inserted.restaurant.id);
    expect(JSON.stringify(after)).toBe(JSON.stringify(await fromDatabase(elsewhere)));
  });

  it('a favourite shows in the count at once', async () => {
    const origin = { lat: -33.4301, lng: -70.6501, sort: 'distance', limit: 1 } as const;
    const nearest = (JSON.parse(await getText(origin)) as RestaurantList).items[0]!;
    const diner = await signUpUser(t.app);
    const dropped = nextLiveEvent(
      t.app,
      RESTAURANT_LIST_CACHE_CHANNEL,
      (m) => m.event === 'favorites.changed',
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/me/favorites/restaurants/${nearest.id}`,
      headers: { origin: TEST_ORIGIN, cookie: diner.cookie },
    });
    expect(put.statusCode).toBe(200);
    await dropped;
    const elsewhere = { ...origin, lat: -33.43011 };
    const after = JSON.parse(await getText(elsewhere)) as RestaurantList;
    expect(after.items[0]).toMatchObject({ id: nearest.id, favoritesCount: nearest.favoritesCount + 1 });
    expect(JSON.stringify(after)).toBe(JSON.stringify(await fromDatabase(elsewhere)));
  });

  it('PostgreSQL announces a restaurant written behind the app, by id: inserted, renamed, moved, deleted', async () => {
    const spot = { lat: -35.1, lng: -71.2 };
    const query = (lat: number) => ({ lat, lng: spot.lng, sort: 'distance', limit: 2 }) as const;
    // the index exists before the new restaurant
    await getText(query(spot.lat));
    const announced = () =>
      nextLiveEvent(t.app, RESTAURANT_LIST_CACHE_CHANNEL, (m) => m.event === 'restaurants.changed').then(
        (m) => m.data,
      );

    let heard = announced();
    const inserted = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: 'Recién Llegado',
        category: 'grill',
        location: spot,
        rooms: [],
        products: [],
      }),
    );
    const id = inserted.restaurant.id;
    expect(await heard).toEqual({ restaurantIds: [id], index: true });
    const withIt = JSON.parse(await getText(query(spot.lat + 1e-6))) as RestaurantList;
    expect(withIt.items[0]).toMatchObject({ id, name: 'Recién Llegado', distance: 0 });
    expect(JSON.stringify(withIt)).toBe(JSON.stringify(await fromDatabase(query(spot.lat + 1e-6))));

    // a new name: that item only, the index stays
    heard = announced();
    await t.db.db.execute(sql`UPDATE restaurants SET name = 'Renombrado' WHERE id = ${id}`);
    expect(await heard).toEqual({ restaurantIds: [id], index: false });
    const renamed = JSON.parse(await getText(query(spot.lat + 1.5e-6))) as RestaurantList;
    expect(renamed.items[0]).toMatchObject({ id, name: 'Renombrado' });
    expect(JSON.stringify(renamed)).toBe(JSON.stringify(await fromDatabase(query(spot.lat + 1.5e-6))));

    heard = announced();
    await t.db.db.execute(sql`UPDATE restaurants SET lat = 10, lng = 10, name = 'Lejos' WHERE id = ${id}`);
    expect(await heard).toEqual({ restaurantIds: [id], index: true });
    const moved = JSON.parse(await getText(query(spot.lat + 2e-6))) as RestaurantList;
    expect(moved.items.map((item) => item.id)).not.toContain(id);
    expect(JSON.stringify(moved)).toBe(JSON.stringify(await fromDatabase(query(spot.lat + 2e-6))));
    const there = JSON.parse(
      await getText({ lat: 10.000001, lng: 10, sort: 'distance', limit: 1 }),
    ) as RestaurantList;
    expect(there.items[0]).toMatchObject({ id, name: 'Lejos' });

    heard = announced();
    await t.db.db.execute(sql`DELETE FROM restaurants WHERE id = ${id}`);
    expect(await heard).toEqual({ restaurantIds: [id], index: true });
    const gone = JSON.parse(
      await getText({ lat: 10.000002, lng: 10, sort: 'distance', limit: 1 }),
    ) as RestaurantList;
    expect(gone.items.map((item) => item.id)).not.toContain(id);
  });

  it('a change of many restaurants at once names none: everything is read again', async () => {
    const origin = { lat: -33.4302, lng: -70.6502, sort: 'distance', limit: 30 } as const;
    await getText(origin);
    const heard = nextLiveEvent(
      t.app,
      RESTAURANT_LIST_CACHE_CHANNEL,
      (m) => m.event === 'restaurants.changed',
    ).then((m) => m.data);
    await t.db.db.execute(sql`UPDATE restaurants SET city = city || ' Centro' WHERE name LIKE 'Lugar %'`);
    expect(await heard).toBeNull();
    const after = { ...origin, lat: -33.43021 };
    const page = JSON.parse(await getText(after)) as RestaurantList;
    expect(page.items.every((item) => item.city.endsWith(' Centro') || !item.name.startsWith('Lugar'))).toBe(
      true,
    );
    expect(JSON.stringify(page)).toBe(JSON.stringify(await fromDatabase(after)));
  });
});

describe('distances as the SQL computes them', () => {
  it('the same metres, within a unit in the last place before rounding', async () => {
    const pick = seededRandom(11);
    const pairs = Array.from({ length: 4_000 }, (_, i) => {
      const lat = i % 4 === 0 ? 89 + pick() : pick() * 180 - 90;
      const lng = pick() * 360 - 180;
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
    const apart = inJs.filter((meters, i) => Math.abs(meters - fromSql[i]!) > 4e-16 * fromSql[i]!);
    expect(apart).toEqual([]);
    expect(pairs.map(({ a, b }) => sqlDistanceMeters(a, b))).toEqual(fromSql.map((m) => roundHalfEven(m)));
  });

  it('round halves to even, as PostgreSQL round(float8) does', () => {
    expect([0.5, 1.5, 2.5, 3.5, 2.4999999, 2.5000001, 7, 1e6 + 0.5].map(roundHalfEven)).toEqual([
      0, 2, 2, 4, 2, 3, 7, 1e6,
    ]);
  });
});
