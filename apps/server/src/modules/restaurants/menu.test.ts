import {
  menuSchema,
  menuTopic,
  productSchema,
  type Menu,
  type Product,
  type RestaurantList,
} from '@comensal/contracts';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '../../http/request.ts';
import {
  SAMPLE_EXTRAS,
  SAMPLE_SIZE,
  buildSeedProduct,
  buildSeedRestaurant,
  insertRestaurant,
} from '../../db/seed/insert-restaurant.ts';
import type { SeedProduct } from '../../db/seed/types.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { nextLiveEvent } from '../../test/live.ts';
import { signUpUser } from '../../test/sessions.ts';
import { updateProduct } from './update-product.ts';

// Madrid is UTC+1 in early March 2026; 2 March is a Monday.
const MONDAY_13H = new Date('2026-03-02T12:00:00Z');
const MONDAY_23H30 = new Date('2026-03-02T22:30:00Z');
const TUESDAY_01H = new Date('2026-03-03T00:00:00Z');
const SUNDAY_13H = new Date('2026-03-08T12:00:00Z');

let t: TestApp;
let restaurantId: string;
let otherRestaurantId: string;
const productIds: Record<string, string> = {};

const menuProducts: Record<string, Partial<SeedProduct>> = {
  always: { section: 'starters', priceMinor: 500, tags: ['vegan'] },
  hidden: { section: 'starters', priceMinor: 100, hidden: true },
  lunch: {
    section: 'mains',
    priceMinor: 1500,
    tags: ['vegetarian'],
    scheduleStart: '12:00',
    scheduleEnd: '15:00',
  },
  late: { section: 'mains', priceMinor: 2500, scheduleStart: '22:00', scheduleEnd: '02:00' },
  // a choice to make before ordering (size is required)
  monday: { section: 'mains', priceMinor: 1000, scheduleDays: [1], preferences: [SAMPLE_SIZE] },
  soldOut: { section: 'desserts', priceMinor: 800, stock: 0, preventSaleWithoutStock: true },
  // optional extras only: no choice needed
  untracked: {
    section: 'desserts',
    priceMinor: 3000,
    stock: 0,
    preventSaleWithoutStock: false,
    preferences: [SAMPLE_EXTRAS],
  },
  // shown at 3000 (4000 less 25 %): the price range compares the shown price
  lastOne: {
    section: 'desserts',
    priceMinor: 4000,
    discount: { type: 'percent', value: 25 },
    stock: 1,
    preventSaleWithoutStock: true,
  },
};

beforeAll(async () => {
  t = await buildTestApp({ now: MONDAY_13H });
  const keys = Object.keys(menuProducts);
  const inserted = await insertRestaurant(
    t.db.db,
    buildSeedRestaurant({
      name: 'Casa Menú',
      country: 'ES',
      timeZone: 'Europe/Madrid',
      sections: [
        { key: 'starters', name: { es: 'Entrantes', en: 'Starters' } },
        { key: 'mains', name: { es: 'Principales', en: 'Mains' } },
        { key: 'desserts', name: { es: 'Postres', en: 'Desserts' } },
        { key: 'drinks', name: { es: 'Bebidas', en: 'Drinks' } },
      ],
      products: keys.map((key) =>
        buildSeedProduct({ key, name: { es: key, en: key }, ...menuProducts[key] }),
      ),
    }),
  );
  restaurantId = inserted.restaurant.id;
  for (const product of inserted.products) productIds[product.key!] = product.id;
  otherRestaurantId = (await insertRestaurant(t.db.db, buildSeedRestaurant())).restaurant.id;
});

afterAll(() => t?.close());

async function menuAt(now: Date, query = ''): Promise<string[]> {
  t.clock.set(now);
  const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/menu${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Menu).items.map((p) => p.name.en);
}

describe('GET /api/restaurants/:id/menu', () => {
  it('answers the visible products with their sections, in menu order, priced in the restaurant currency', async () => {
    t.clock.set(MONDAY_13H);
    const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/menu` });
    expect(res.statusCode).toBe(200);
    const menu = res.json() as Menu;
    expect(menu).toMatchObject({ restaurantId, currency: 'EUR', country: 'ES' });
    expect(menu.sections.map((s) => s.key)).toEqual(['starters', 'mains', 'desserts']);
    expect(menu.items.map((p) => p.name.en)).toEqual(['always', 'lunch', 'monday', 'untracked', 'lastOne']);
    // each dish carries what its card shows, no more (ADR 0037): the rest is the details route's
    expect(menu.items[0]).toEqual({
      id: productIds.always,
      section: 'starters',
      name: { es: 'always', en: 'always' },
      description: { es: 'Un plato para pruebas', en: 'A dish for tests' },
      price: 500,
      // the vegan flag folded into the tags, in the contract's order
      tags: ['vegetarian', 'vegan'],
      choiceRequired: false,
      imageUrl: null,
    });
    const byName = new Map(menu.items.map((item) => [item.name.en, item]));
    expect(byName.get('lastOne')).toMatchObject({ price: 4000, discount: 25, discountType: 'percent' });
    expect(byName.get('monday')?.choiceRequired).toBe(true);
    expect(byName.get('untracked')?.choiceRequired).toBe(false);
    expect(byName.get('lunch')?.tags).toEqual(['vegetarian']);
    for (const item of menu.items) {
      for (const key of [
        'preferences',
        'stock',
        'scheduleStart',
        'calories',
        'pointsPrice',
        'favoritesCount',
      ]) {
        expect(item).not.toHaveProperty(key);
      }
    }
  });

  it.each([
    [
      'Monday 23:30 (late runs across midnight)',
      MONDAY_23H30,
      ['always', 'late', 'monday', 'untracked', 'lastOne'],
    ],
    [
      'Tuesday 01:00 (after midnight, no longer Monday)',
      TUESDAY_01H,
      ['always', 'late', 'untracked', 'lastOne'],
    ],
    ['Sunday 13:00', SUNDAY_13H, ['always', 'lunch', 'untracked', 'lastOne']],
  ])('follows the clock in the restaurant time zone: %s', async (_, now, expected) => {
    expect(await menuAt(now)).toEqual(expected);
  });

  it('hides a product when the last unit is gone (the change goes through update-product)', async () => {
    expect(await menuAt(MONDAY_13H)).toContain('lastOne');
    const change = async (stock: number) => {
      const event = nextLiveEvent(t.app, menuTopic(restaurantId));
      await updateProduct(appContext(t.app), restaurantId, productIds.lastOne!, { stock });
      await event; // this instance dropped its cached menu
    };
    await change(0);
    try {
      expect(await menuAt(MONDAY_13H)).not.toContain('lastOne');
    } finally {
      await change(1);
    }
    expect(await menuAt(MONDAY_13H)).toContain('lastOne');
  });

  it('answers an ETag and 304 to a matching If-None-Match, revalidating every time', async () => {
    t.clock.set(MONDAY_13H);
    const url = `/api/restaurants/${restaurantId}/menu`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"x", W/${etag}` } });
    expect(weak.statusCode).toBe(304);
    // another filter, another answer
    const vegan = await t.app.inject({
      method: 'GET',
      url: `${url}?vegan=true`,
      headers: { 'if-none-match': etag },
    });
    expect(vegan.statusCode).toBe(200);
    expect(vegan.headers.etag).not.toBe(etag);
    // a minute later the schedule may differ: recomputed (same content here, so the same ETag)
    t.clock.set(new Date(MONDAY_13H.getTime() + 60_000));
    const later = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(later.statusCode).toBe(304);
    // and the body is exactly what the schema describes
    expect(menuSchema.parse(first.json())).toEqual(first.json());
  });

  it('answers gzip to a client that takes it, with its own ETag', async () => {
    t.clock.set(MONDAY_13H);
    const url = `/api/restaurants/${restaurantId}/menu`;
    const plain = await t.app.inject({ method: 'GET', url });
    const zipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip;q=0.8' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const notModified = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    for (const refused of ['gzip;q=0', 'identity', 'br']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': refused } });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
  });

  it.each([
    ['?vegan=true', ['always']],
    ['?vegetarian=true', ['always', 'lunch']],
    ['?vegan=false', ['always', 'lunch', 'monday', 'untracked', 'lastOne']],
    ['?minPrice=1000&maxPrice=3000', ['lunch', 'monday', 'untracked', 'lastOne']],
    ['?minPrice=3001', []],
    ['?maxPrice=1000', ['always', 'monday']],
    ['?minPrice=3000', ['untracked', 'lastOne']],
    ['?minPrice=0&maxPrice=0', ['always', 'lunch', 'monday', 'untracked', 'lastOne']],
    ['?vegetarian=true&minPrice=1000', ['lunch']],
  ])('filters %s', async (query, expected) => {
    expect(await menuAt(MONDAY_13H, query)).toEqual(expected);
  });

  it.each([['?minPrice=-1'], ['?maxPrice=abc'], ['?spicy=true'], ['?vegan=1'], ['?minPrice=1&minPrice=2']])(
    'answers 400 VALIDATION_FAILED to %s',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/menu${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );

  it.each([['8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11'], ['nope'], ['%00']])(
    'answers 404 for restaurant %s',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${id}/menu` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Restaurant not found' } });
    },
  );
});

describe('GET /api/restaurants/:id/menu/:productId', () => {
  const getProduct = (productId: string, id = restaurantId) =>
    t.app.inject({ method: 'GET', url: `/api/restaurants/${id}/menu/${productId}` });

  it('answers a visible product', async () => {
    t.clock.set(MONDAY_13H);
    const res = await getProduct(productIds.lunch!);
    expect(res.statusCode).toBe(200);
    expect(res.json() as Product).toMatchObject({
      id: productIds.lunch,
      name: { es: 'lunch', en: 'lunch' },
      price: 1500,
      scheduleStart: '12:00',
      scheduleEnd: '15:00',
      vegetarian: true,
      vegan: false,
    });
    expect(productSchema.parse(res.json())).toEqual(res.json());
  });

  it('answers the details the menu list leaves out (preferences, stock…), to anyone', async () => {
    t.clock.set(MONDAY_13H);
    const signedIn = await signUpUser(t.app);
    for (const headers of [{}, { cookie: signedIn.cookie }]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/restaurants/${restaurantId}/menu/${productIds.monday}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: productIds.monday,
        restaurantId,
        currency: 'EUR',
        preferences: [SAMPLE_SIZE],
        scheduleDays: [1],
        stock: null,
        favoritesCount: 0,
      });
    }
    const lastOne = (await getProduct(productIds.lastOne!)).json() as Product;
    expect(lastOne).toMatchObject({ stock: 1, preventSaleWithoutStock: true, discount: 25 });
  });

  it.each([
    ['an id over 100 characters', 'a'.repeat(101), 400],
    ['SQL in the id', encodeURIComponent("' OR 1=1 --"), 404],
    ['a NUL byte', '%00', 404],
    ['a path climb', '..%2F..%2Fusers', 404],
    ['an upper-case uuid of another restaurant', '8F14E45F-CEEA-4E7A-9D7B-5D5E0C2F9A11', 404],
  ])('answers hostile input with a clear 4xx: %s', async (_label, productId, status) => {
    const res = await getProduct(productId);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND');
  });

  it('answers 404 when the product is not visible now, hidden, unknown, malformed or of another restaurant', async () => {
    t.clock.set(MONDAY_23H30);
    const cases = [
      getProduct(productIds.lunch!),
      getProduct(productIds.hidden!),
      getProduct(productIds.soldOut!),
      getProduct('8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11'),
      getProduct('not-a-uuid'),
      getProduct(productIds.always!, otherRestaurantId),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Product not found' } });
    }
    expect((await getProduct(productIds.always!, 'not-a-uuid')).json().error.message).toBe(
      'Restaurant not found',
    );
  });
});

describe('the SQL visibility (restaurant vegan filter) agrees with the domain rule (menu)', () => {
  const schedules: Partial<SeedProduct>[] = [
    { scheduleStart: '22:00', scheduleEnd: '02:00', scheduleDays: [5] },
    { scheduleStart: '13:00', scheduleEnd: '13:00' },
    { scheduleDays: [] },
    { scheduleStart: '23:00', scheduleEnd: '23:59', scheduleDays: [0] },
    { scheduleStart: '09:30', scheduleEnd: '17:45', scheduleDays: [1, 2, 3, 4, 5] },
    { stock: 1, preventSaleWithoutStock: true, scheduleDays: [0, 6] },
    { stock: 0, preventSaleWithoutStock: true },
    { hidden: true },
  ];
  const zones = ['America/Santiago', 'Europe/Madrid', 'America/Lima', 'America/Caracas'];
  const ids: string[] = [];

  beforeAll(async () => {
    for (const [index, schedule] of schedules.entries()) {
      const place = await insertRestaurant(
        t.db.db,
        buildSeedRestaurant({
          category: 'crosscheck',
          timeZone: zones[index % zones.length]!,
          products: [buildSeedProduct({ tags: ['vegan'], ...schedule })],
        }),
      );
      ids.push(place.restaurant.id);
    }
  });

  it('at many instants over a week', async () => {
    const start = Date.parse('2026-03-06T00:00:00Z'); // a Friday
    const seen = { visible: 0, hidden: 0 };
    for (let minutes = 0; minutes < 7 * 24 * 60; minutes += 173) {
      t.clock.set(new Date(start + minutes * 60_000));
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/restaurants?category=crosscheck&vegan=true&limit=100',
      });
      const bySql = new Set((list.json() as RestaurantList).items.map((r) => r.id));
      for (const id of ids) {
        const menu = await t.app.inject({ method: 'GET', url: `/api/restaurants/${id}/menu?vegan=true` });
        const byDomain = (menu.json() as Menu).items.length > 0;
        seen[byDomain ? 'visible' : 'hidden'] += 1;
        expect({ at: t.clock.now().toISOString(), id, visible: bySql.has(id) }).toEqual({
          at: t.clock.now().toISOString(),
          id,
          visible: byDomain,
        });
      }
    }
    expect(seen.visible).toBeGreaterThan(50);
    expect(seen.hidden).toBeGreaterThan(50);
  });
});

describe('visibility edge cases (Europe/Madrid)', () => {
  let edgeId: string;
  const edgeProducts: Record<string, Partial<SeedProduct>> = {
    fridayNight: { scheduleStart: '22:00', scheduleEnd: '02:00', scheduleDays: [5] },
    oneMinute: { scheduleStart: '13:00', scheduleEnd: '13:00' },
    lunch: { scheduleStart: '12:00', scheduleEnd: '15:00' },
    stockUnknown: { stock: null, preventSaleWithoutStock: true },
    everyDay: { scheduleDays: [] },
    hiddenAllDay: { hidden: true, scheduleDays: [0, 1, 2, 3, 4, 5, 6] },
    afterDstJump: { scheduleStart: '03:00', scheduleEnd: '03:30' },
  };

  beforeAll(async () => {
    const inserted = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        country: 'ES',
        timeZone: 'Europe/Madrid',
        products: Object.entries(edgeProducts).map(([key, overrides]) =>
          buildSeedProduct({ key, name: { es: key, en: key }, ...overrides }),
        ),
      }),
    );
    edgeId = inserted.restaurant.id;
  });

  async function shownAt(iso: string): Promise<string[]> {
    t.clock.set(new Date(iso));
    const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${edgeId}/menu` });
    return (res.json() as Menu).items.map((p) => p.name.en).sort();
  }

  it.each([
    // Madrid is UTC+1 until 29 March 2026 02:00, then UTC+2. 6 March 2026 is a Friday.
    ['Thursday 23:59 (not yet Friday)', '2026-03-05T22:59:00Z', ['everyDay']],
    [
      'Friday 00:30 (the after-midnight part, on a Friday)',
      '2026-03-05T23:30:00Z',
      ['everyDay', 'fridayNight'],
    ],
    ['Friday 02:00 (end included)', '2026-03-06T01:00:00Z', ['everyDay', 'fridayNight']],
    ['Friday 02:01', '2026-03-06T01:01:00Z', ['everyDay']],
    ['Friday 11:59', '2026-03-06T10:59:00Z', ['everyDay']],
    ['Friday 12:00 (start included)', '2026-03-06T11:00:00Z', ['everyDay', 'lunch']],
    ['Friday 13:00 (a one-minute window)', '2026-03-06T12:00:00Z', ['everyDay', 'lunch', 'oneMinute']],
    ['Friday 13:01', '2026-03-06T12:01:00Z', ['everyDay', 'lunch']],
    ['Friday 15:00 (end included)', '2026-03-06T14:00:00Z', ['everyDay', 'lunch']],
    ['Friday 15:01', '2026-03-06T14:01:00Z', ['everyDay']],
    ['Friday 22:00', '2026-03-06T21:00:00Z', ['everyDay', 'fridayNight']],
    ['Friday 23:59', '2026-03-06T22:59:00Z', ['everyDay', 'fridayNight']],
    ['Saturday 00:30 (calendar weekday: no longer Friday)', '2026-03-06T23:30:00Z', ['everyDay']],
    ['Sunday 29 March 01:59 CET', '2026-03-29T00:59:00Z', ['everyDay']],
    [
      'Sunday 29 March 03:00 CEST (one UTC minute later)',
      '2026-03-29T01:00:00Z',
      ['afterDstJump', 'everyDay'],
    ],
  ])('%s', async (_, iso, expected) => {
    expect(await shownAt(iso)).toEqual(expected);
  });
});
