import { haversineMeters } from '@comensal/domain';
import { menuTopic, type RestaurantDetail, type RestaurantList } from '@comensal/contracts';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '../../http/request.ts';
import { buildSeedProduct, buildSeedRestaurant, insertRestaurant } from '../../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { nextLiveEvent } from '../../test/live.ts';
import { signUpUser, TEST_ORIGIN } from '../../test/sessions.ts';
import { listRestaurants } from './list/list-restaurants.ts';
import { RESTAURANT_LIST_CACHE_CHANNEL } from './live-channels.ts';
import { updateProduct } from './update-product.ts';

// Monday 2 March 2026, 12:00 in Santiago (UTC−3), 16:00 in Madrid (UTC+1)
const NOW = new Date('2026-03-02T15:00:00Z');
const PLAZA_DE_ARMAS = { lat: -33.4378, lng: -70.6505 };

let t: TestApp;
const ids: Record<string, string> = {};

async function get<T = RestaurantList>(url: string): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  const add = async (key: string, overrides: Parameters<typeof buildSeedRestaurant>[0]) => {
    ids[key] = (await insertRestaurant(t.db.db, buildSeedRestaurant(overrides))).restaurant.id;
  };
  await add('nandu', {
    name: 'Café Ñandú',
    category: 'cafe',
    location: { lat: -33.4372, lng: -70.6506 }, // ~70 m from the plaza
    products: [buildSeedProduct({ tags: ['vegan'] })],
  });
  await add('arbol', {
    name: 'El Árbol',
    category: 'vegetarian',
    location: { lat: -33.4489, lng: -70.6693 }, // ~2 km
    products: [buildSeedProduct({ tags: ['vegetarian'] })],
  });
  await add('cena', {
    name: 'La Cena',
    category: 'chilean',
    location: { lat: -33.0472, lng: -71.6127 }, // Valparaíso, ~100 km
    products: [
      buildSeedProduct({ tags: ['vegan'], scheduleStart: '20:00', scheduleEnd: '23:00' }),
      buildSeedProduct(),
    ],
  });
  await add('hidden', {
    name: 'Oculto',
    category: 'chilean',
    location: { lat: -33.5, lng: -70.6 }, // ~8 km
    products: [buildSeedProduct({ tags: ['vegan'], hidden: true })],
  });
  await add('zeta', {
    name: 'Zeta Grill',
    category: 'grill',
    country: 'ES',
    city: 'Madrid',
    timeZone: 'Europe/Madrid',
    location: { lat: 40.4168, lng: -3.7038 },
    rooms: [
      { key: 'terraza', name: { es: 'Terraza', en: 'Terrace' }, tables: [{ number: 7, seats: 6 }] },
      { key: 'salon', name: { es: 'Salón', en: 'Dining room' }, tables: [{ number: 1, seats: 2 }] },
    ],
    payments: {
      webpay: false,
      cash: true,
      mobileTransfer: {
        bankCode: '0102',
        bankName: 'Banco de Venezuela',
        phone: '04141234567',
        idNumber: 'V12345678',
      },
    },
    delivery: { enabled: true, mode: 'zones', zones: [{ radiusMeters: 3000, priceMinor: 250 }] },
  });
  await add('percent', {
    name: '100% Sabor_Casa',
    category: 'chilean',
    location: { lat: -33.47, lng: -70.6483 },
  }); // ~3.6 km
});

afterAll(() => t?.close());

const names = (list: RestaurantList) => list.items.map((r) => r.name);

describe('GET /api/restaurants', () => {
  it('lists every restaurant by name, ignoring case and accents', async () => {
    const { status, body } = await get('/api/restaurants');
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      '100% Sabor_Casa',
      'Café Ñandú',
      'El Árbol',
      'La Cena',
      'Oculto',
      'Zeta Grill',
    ]);
    expect(body.nextCursor).toBeNull();
    const nandu = body.items.find((r) => r.id === ids.nandu);
    expect(nandu).toMatchObject({
      slug: expect.stringMatching(/^test-restaurant-/),
      category: 'cafe',
      country: 'CL',
      currency: 'CLP',
      timeZone: 'America/Santiago',
      location: { lat: -33.4372, lng: -70.6506 },
      coverUrl: null,
      hasVegan: true,
      hasVegetarian: true,
      favoritesCount: 0,
    });
    expect(nandu).not.toHaveProperty('distance');
  });

  it.each([
    ['nandu', ['Café Ñandú']],
    ['ÑANDÚ', ['Café Ñandú']],
    ['arbol', ['El Árbol']],
    ['  la  ', ['La Cena']],
    ['%', ['100% Sabor_Casa']],
    ['_', ['100% Sabor_Casa']],
    ["'; DROP TABLE restaurants; --", []],
  ])('searches the name with q=%j', async (q, expected) => {
    const { status, body } = await get(`/api/restaurants?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(expected);
  });

  it('filters by category', async () => {
    expect(names((await get('/api/restaurants?category=chilean')).body)).toEqual([
      '100% Sabor_Casa',
      'La Cena',
      'Oculto',
    ]);
    expect(names((await get('/api/restaurants?category=sushi')).body)).toEqual([]);
  });

  it.each([
    ['category=chilean,cafe', ['100% Sabor_Casa', 'Café Ñandú', 'La Cena', 'Oculto']],
    ['category=cafe&category=grill', ['Café Ñandú', 'Zeta Grill']],
    ['category=grill,cafe&category=vegetarian', ['Café Ñandú', 'El Árbol', 'Zeta Grill']],
    ['category=GRILL', ['Zeta Grill']],
    ['category=grill,,%20cafe%20,grill', ['Café Ñandú', 'Zeta Grill']],
    ['category=', ['100% Sabor_Casa', 'Café Ñandú', 'El Árbol', 'La Cena', 'Oculto', 'Zeta Grill']],
    ['category=sushi,bakery', []],
    ['category=chilean,cafe&vegan=true', ['Café Ñandú']],
    ['category=chilean,vegetarian&q=el', ['El Árbol']],
  ])('filters by any of several categories: ?%s', async (query, expected) => {
    const { status, body } = await get(`/api/restaurants?${query}`);
    expect(status).toBe(200);
    expect(names(body)).toEqual(expected);
  });

  it('sorts a multi-category result by distance and pages it', async () => {
    const base = `/api/restaurants?lat=${PLAZA_DE_ARMAS.lat}&lng=${PLAZA_DE_ARMAS.lng}&sort=distance&category=chilean,vegetarian`;
    const all = await get(base);
    expect(names(all.body)).toEqual(['El Árbol', '100% Sabor_Casa', 'Oculto', 'La Cena']);
    const first = await get(`${base}&limit=3`);
    const second = await get(`${base}&limit=3&cursor=${first.body.nextCursor}`);
    expect([...names(first.body), ...names(second.body)]).toEqual(names(all.body));
    expect(second.body.nextCursor).toBeNull();
  });

  it('keeps restaurants with a vegan / vegetarian product visible now', async () => {
    expect(names((await get('/api/restaurants?vegan=true')).body)).toEqual(['Café Ñandú']);
    expect(names((await get('/api/restaurants?vegetarian=true')).body)).toEqual(['Café Ñandú', 'El Árbol']);
    expect(names((await get('/api/restaurants?vegan=false')).body)).toHaveLength(6);
    // at 21:00 in Santiago La Cena's dinner-only vegan dish is on the menu
    t.clock.set(new Date('2026-03-03T00:00:00Z'));
    try {
      expect(names((await get('/api/restaurants?vegan=true')).body)).toEqual(['Café Ñandú', 'La Cena']);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('pages with an opaque cursor, without gaps or repeats', async () => {
    const seen: string[] = [];
    let url = '/api/restaurants?limit=4';
    for (let page = 0; page < 5; page += 1) {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(4);
      seen.push(...names(body));
      if (!body.nextCursor) break;
      url = `/api/restaurants?limit=4&cursor=${encodeURIComponent(body.nextCursor)}`;
    }
    expect(seen).toEqual(['100% Sabor_Casa', 'Café Ñandú', 'El Árbol', 'La Cena', 'Oculto', 'Zeta Grill']);

    const first = await get('/api/restaurants?limit=2&category=chilean');
    expect(names(first.body)).toEqual(['100% Sabor_Casa', 'La Cena']);
    const second = await get(`/api/restaurants?limit=2&category=chilean&cursor=${first.body.nextCursor}`);
    expect(names(second.body)).toEqual(['Oculto']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('gives the distance in metres from lat/lng and sorts by it', async () => {
    const { status, body } = await get(
      `/api/restaurants?lat=${PLAZA_DE_ARMAS.lat}&lng=${PLAZA_DE_ARMAS.lng}&sort=distance`,
    );
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      'Café Ñandú',
      'El Árbol',
      '100% Sabor_Casa',
      'Oculto',
      'La Cena',
      'Zeta Grill',
    ]);
    for (const item of body.items) {
      expect(item.distance).toBe(Math.round(haversineMeters(PLAZA_DE_ARMAS, item.location)));
    }
    const distances = body.items.map((r) => r.distance ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    // pages by distance too
    const page1 = await get(
      `/api/restaurants?lat=${PLAZA_DE_ARMAS.lat}&lng=${PLAZA_DE_ARMAS.lng}&sort=distance&limit=4`,
    );
    const page2 = await get(
      `/api/restaurants?lat=${PLAZA_DE_ARMAS.lat}&lng=${PLAZA_DE_ARMAS.lng}&sort=distance&limit=4&cursor=${page1.body.nextCursor}`,
    );
    expect([...names(page1.body), ...names(page2.body)]).toEqual(names(body));

    // by name, with distances
    const byName = await get(`/api/restaurants?lat=${PLAZA_DE_ARMAS.lat}&lng=${PLAZA_DE_ARMAS.lng}`);
    expect(names(byName.body)[0]).toBe('100% Sabor_Casa');
    expect(byName.body.items.every((r) => typeof r.distance === 'number')).toBe(true);
  });

  it.each([
    ['limit=1000', 'limit'],
    ['limit=0', 'limit'],
    ['limit=two', 'limit'],
    ['foo=bar', ''],
    ['lat=91&lng=0', 'lat'],
    ['lat=abc&lng=1', 'lat'],
    ['sort=price', 'sort'],
    ['vegan=yes', 'vegan'],
    ['q=' + 'x'.repeat(101), 'q'],
    ['q=a&q=b', 'q'],
    ['category=chi%20lean', 'category'],
    ['category=' + encodeURIComponent("chilean' OR 1=1"), 'category'],
    ['category=' + Array.from({ length: 11 }, (_, i) => `c${i}`).join(','), 'category'],
    ['category=' + 'x'.repeat(51), 'category'],
  ])('answers 400 VALIDATION_FAILED to ?%s', async (query, field) => {
    const { status, body } = await get<{ error: { code: string; details: { path: string }[] } }>(
      `/api/restaurants?${query}`,
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d) => d.path.split('.')[0])).toContain(field);
  });

  it.each([
    ['lat=1', 'lat and lng go together'],
    ['sort=distance', 'sort=distance needs lat and lng'],
    ['cursor=not-a-cursor', 'Invalid cursor: start again without it'],
    [
      'cursor=' + Buffer.from('{"sort":"name","name":"x","id":"1; DROP"}').toString('base64url'),
      'Invalid cursor: start again without it',
    ],
  ])('answers 400 to ?%s', async (query, message) => {
    const { status, body } = await get<{ error: { code: string; message: string } }>(
      `/api/restaurants?${query}`,
    );
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: 'VALIDATION_FAILED', message });
  });

  it('rejects a name cursor used with sort=distance', async () => {
    const { body } = await get('/api/restaurants?limit=1');
    const res = await get(`/api/restaurants?lat=0&lng=0&sort=distance&cursor=${body.nextCursor}`);
    expect(res.status).toBe(400);
  });
});

describe('GET /api/restaurants/:id', () => {
  it('answers the restaurant with its rooms and tables', async () => {
    const { status, body } = await get<RestaurantDetail>(`/api/restaurants/${ids.zeta}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: ids.zeta,
      name: 'Zeta Grill',
      currency: 'EUR',
      timeZone: 'Europe/Madrid',
      phone: '+56 2 2345 6789',
      imageUrls: [],
      pickup: true,
      delivery: { mode: 'zones', zones: [{ radiusMeters: 3000, priceMinor: 250 }] },
      payments: { webpay: false, cash: true, mobileTransfer: true },
      paymentMethods: ['mobile_transfer', 'cash'],
      reviewUrl: null,
      suggestedTipPercent: 10,
    });
    expect(body.openingHours).toHaveLength(7);
    expect(body.rooms.map((r) => [r.name.en, r.tables.map((table) => [table.number, table.seats])])).toEqual([
      ['Terrace', [[7, 6]]],
      ['Dining room', [[1, 2]]],
    ]);
    expect(JSON.stringify(body)).not.toContain('04141234567'); // Pago Móvil details are not public here
  });

  it.each([
    ['an unknown id', '8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11'],
    ['a malformed id', 'not-a-uuid'],
    ['an almost-uuid', '8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a1'],
    ['SQL', encodeURIComponent("1' OR '1'='1")],
  ])('answers 404 NOT_FOUND for %s', async (_, id) => {
    const { status, body } = await get(`/api/restaurants/${id}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'Restaurant not found' } });
  });
});

describe('the cached list answers follow every change', () => {
  it('answers an ETag and 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/restaurants?category=chilean' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants?category=chilean',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    // the same query written differently shares the answer
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants?category=CHILEAN,chilean',
      headers: { 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
  });

  it('a favourite restaurant shows in the counts at once', async () => {
    const before = await get('/api/restaurants?q=zeta');
    expect(before.body.items[0]?.favoritesCount).toBe(0);
    const diner = await signUpUser(t.app);
    const dropped = nextLiveEvent(t.app, RESTAURANT_LIST_CACHE_CHANNEL);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/me/favorites/restaurants/${ids.zeta}`,
      headers: { origin: TEST_ORIGIN, cookie: diner.cookie },
    });
    expect(put.statusCode).toBe(200);
    await dropped;
    expect((await get('/api/restaurants?q=zeta')).body.items[0]?.favoritesCount).toBe(1);
  });

  it('a product that becomes vegan shows in the vegan filter at once', async () => {
    const restaurant = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({ name: 'Verde Pronto', products: [buildSeedProduct({ tags: [] })] }),
    );
    expect(names((await get('/api/restaurants?vegan=true')).body)).not.toContain('Verde Pronto');
    const changed = nextLiveEvent(t.app, menuTopic(restaurant.restaurant.id));
    await updateProduct(appContext(t.app), restaurant.restaurant.id, restaurant.products[0]!.id, {
      tags: ['vegan'],
    });
    await changed;
    const list = await get('/api/restaurants?vegan=true');
    expect(names(list.body)).toContain('Verde Pronto');
    expect(list.body.items.find((r) => r.name === 'Verde Pronto')).toMatchObject({
      hasVegan: true,
      hasVegetarian: true,
    });
  });
});

describe('distance order far and wide (ring search)', () => {
  const FIJI = { lat: -17.7134, lng: 179.99 };
  const spots: { lat: number; lng: number }[] = [];
  beforeAll(async () => {
    // near and far, on both sides of the ±180° meridian, and one near the South Pole
    const offsets = [0.001, 0.01, 0.015, 0.05, 0.2, 1, 3, 10, 40];
    for (const offset of offsets) {
      spots.push({ lat: FIJI.lat + offset / 3, lng: 179.99 - offset });
      const east = 179.99 + offset;
      spots.push({ lat: FIJI.lat - offset / 2, lng: east > 180 ? east - 360 : east });
    }
    spots.push({ lat: -89.9, lng: 0 }, { lat: 60, lng: -3 }, { lat: FIJI.lat, lng: FIJI.lng });
    for (const [index, location] of spots.entries()) {
      await insertRestaurant(
        t.db.db,
        buildSeedRestaurant({ name: `Ring ${index}`, category: 'ringtest', location, products: [] }),
      );
    }
  });

  it('pages by exact distance, like a full sort, whatever the page size', async () => {
    const all = await get(
      `/api/restaurants?category=ringtest&lat=${FIJI.lat}&lng=${FIJI.lng}&sort=distance&limit=100`,
    );
    const expected = [...all.body.items]
      .map((r) => ({ id: r.id, distance: Math.round(haversineMeters(FIJI, r.location)) }))
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(all.body.items).toHaveLength(spots.length);
    expect(all.body.items.map((r) => [r.id, r.distance])).toEqual(expected.map((r) => [r.id, r.distance]));
    for (const limit of [1, 3, 7]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: RestaurantList } = await get(
          `/api/restaurants?category=ringtest&lat=${FIJI.lat}&lng=${FIJI.lng}&sort=distance&limit=${limit}` +
            (cursor ? `&cursor=${cursor}` : ''),
        );
        seen.push(...page.body.items.map((r) => r.id));
        cursor = page.body.nextCursor;
      } while (cursor && seen.length <= spots.length);
      expect(seen).toEqual(expected.map((r) => r.id));
    }
  });

  it('answers the same from a sparse place after a dense one, and back (the first radius is only a guess)', async () => {
    const origins = [FIJI, { lat: 60, lng: -3 }, { lat: -89, lng: 10 }, FIJI, { lat: FIJI.lat, lng: -179.5 }];
    for (const origin of [...origins, ...[...origins].reverse()]) {
      const base = `/api/restaurants?category=ringtest&lat=${origin.lat}&lng=${origin.lng}&sort=distance`;
      const all = await get(`${base}&limit=100`);
      const expected = all.body.items
        .map((r) => ({ id: r.id, distance: Math.round(haversineMeters(origin, r.location)) }))
        .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, 3);
      const first = await get(`${base}&limit=3`);
      expect(first.body.items.map((r) => [r.id, r.distance])).toEqual(
        expected.map((r) => [r.id, r.distance]),
      );
    }
  });
});

describe('the vegan / vegetarian filters read flags the database keeps (migration 0004)', () => {
  let place: { id: string; productId: string };
  const exec = (statement: SQL) => t.db.db.execute(statement);
  /** Straight from the use case: raw SQL changes do not empty the answer cache. */
  const list = (query: Record<string, string>) =>
    listRestaurants({ db: t.db.db, now: t.clock.now }, { category: 'flagtest', ...query });
  const state = async () => {
    const [all, vegan, vegetarian] = await Promise.all([
      list({}),
      list({ vegan: 'true' }),
      list({ vegetarian: 'true' }),
    ]);
    const flags = await exec(
      sql`SELECT has_vegan_product, has_vegetarian_product FROM restaurants WHERE id = ${place.id}`,
    );
    return {
      vegan: names(vegan).length,
      vegetarian: names(vegetarian).length,
      item: { hasVegan: all.items[0]?.hasVegan, hasVegetarian: all.items[0]?.hasVegetarian },
      stored: flags.rows[0],
    };
  };
  const product = (set: SQL) => exec(sql`UPDATE products SET ${set} WHERE id = ${place.productId}`);

  beforeAll(async () => {
    const inserted = await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({ name: 'Flag', category: 'flagtest', products: [buildSeedProduct()] }),
    );
    place = { id: inserted.restaurant.id, productId: inserted.products[0]!.id };
  });

  it('follow every product change, whoever writes it', async () => {
    const none = {
      vegan: 0,
      vegetarian: 0,
      item: { hasVegan: false, hasVegetarian: false },
      stored: { has_vegan_product: false, has_vegetarian_product: false },
    };
    expect(await state()).toEqual(none);

    await product(sql`vegan = true, vegetarian = true`);
    const both = {
      vegan: 1,
      vegetarian: 1,
      item: { hasVegan: true, hasVegetarian: true },
      stored: { has_vegan_product: true, has_vegetarian_product: true },
    };
    expect(await state()).toEqual(both);

    await product(sql`hidden = true`);
    expect(await state()).toEqual(none);
    await product(sql`hidden = false`);
    expect(await state()).toEqual(both);

    // out of stock, or out of its hours: flagged, but not visible now, so not listed
    await product(sql`prevent_sale_without_stock = true, stock = 0`);
    expect(await state()).toEqual({ ...none, stored: both.stored });
    await product(sql`stock = 1`);
    expect(await state()).toEqual(both);
    await product(sql`schedule_start = '20:00', schedule_end = '23:00'`); // 12:00 in Santiago
    expect(await state()).toEqual({ ...none, stored: both.stored });
    t.clock.set(new Date('2026-03-03T00:00:00Z')); // 21:00 in Santiago
    try {
      expect(await state()).toEqual(both);
    } finally {
      t.clock.set(NOW);
    }
    await product(sql`schedule_start = NULL, schedule_end = NULL`);

    // another product, vegetarian only; then the vegan one goes
    await exec(sql`INSERT INTO products (restaurant_id, section, name, description, price_minor, vegetarian)
      VALUES (${place.id}, 'mains', '{"es":"Queso","en":"Cheese"}', '{"es":"","en":""}', 1000, true)`);
    expect(await state()).toEqual(both);
    await exec(sql`DELETE FROM products WHERE id = ${place.productId}`);
    expect(await state()).toEqual({
      vegan: 0,
      vegetarian: 1,
      item: { hasVegan: false, hasVegetarian: true },
      stored: { has_vegan_product: false, has_vegetarian_product: true },
    });
    await exec(sql`DELETE FROM products WHERE restaurant_id = ${place.id}`);
    expect(await state()).toEqual(none);
  });

  it('stay right when two changes to one menu run at the same time', async () => {
    // two vegan products; one transaction deletes both while another adds a third
    const existing = await Promise.all(
      ['Tofu', 'Seitan'].map(async (dish) => {
        const result =
          await exec(sql`INSERT INTO products (restaurant_id, section, name, description, price_minor, vegan, vegetarian)
          VALUES (${place.id}, 'mains', ${JSON.stringify({ es: dish, en: dish })}, '{"es":"","en":""}', 1000, true, true)
          RETURNING id`);
        return String(result.rows[0]!.id);
      }),
    );
    const adding = new pg.Client({ connectionString: t.db.connectionString });
    const deleting = new pg.Client({ connectionString: t.db.connectionString });
    await Promise.all([adding.connect(), deleting.connect()]);
    try {
      await adding.query('BEGIN');
      await adding.query(
        `INSERT INTO products (restaurant_id, section, name, description, price_minor, vegan, vegetarian)
         VALUES ($1, 'mains', '{"es":"Tempeh","en":"Tempeh"}', '{"es":"","en":""}', 1000, true, true)`,
        [place.id],
      );
      const pid = (await deleting.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await deleting.query('BEGIN');
      // the recount after this delete waits for the insert's transaction (the restaurant's row lock)
      let settled = false;
      const removing = deleting
        .query('DELETE FROM products WHERE id = ANY($1::uuid[])', [existing])
        .finally(() => (settled = true));
      for (;;) {
        const { rows } = await adding.query<{ waiting: boolean }>(
          `SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = $1`,
          [pid],
        );
        if (rows[0]?.waiting || settled) break;
      }
      await adding.query('COMMIT');
      await removing;
      await deleting.query('COMMIT');
    } finally {
      await Promise.all([adding.end(), deleting.end()]);
    }
    // Tempeh is left: the recount that followed the delete saw it
    const after = await state();
    expect(after.stored).toEqual({ has_vegan_product: true, has_vegetarian_product: true });
    expect(after.vegan).toBe(1);
  });
});

describe('the vegan filter pages like the full list filtered', () => {
  const CENTRE = { lat: -41.47, lng: -72.94 }; // Puerto Montt, far from the others
  beforeAll(async () => {
    // metres north of the centre: vegan ones on both sides of each ring (2 km, 8 km, 32 km, 128 km)
    const spots: [metres: number, product: Parameters<typeof buildSeedProduct>[0] | null][] = [
      [500, { tags: ['vegan'] }],
      [900, null],
      [1_900, { tags: ['vegan'] }],
      [2_100, { tags: ['vegan'] }],
      [2_500, { tags: ['vegan'], hidden: true }],
      [3_000, { tags: ['vegetarian'] }],
      [7_000, { tags: ['vegan'] }],
      [7_500, { tags: ['vegan'], scheduleStart: '20:00', scheduleEnd: '23:00' }],
      [9_000, { tags: ['vegan'] }],
      [30_000, { tags: ['vegan'], stock: 0, preventSaleWithoutStock: true }],
      [33_000, { tags: ['vegan'] }],
      [200_000, { tags: ['vegan'] }],
    ];
    for (const [index, [metres, product]] of spots.entries()) {
      await insertRestaurant(
        t.db.db,
        buildSeedRestaurant({
          name: `Verde ${String.fromCharCode(90 - index)}`,
          category: 'veganpages',
          location: { lat: CENTRE.lat + metres / 111_195, lng: CENTRE.lng },
          products: product ? [buildSeedProduct(product)] : [],
        }),
      );
    }
  });

  const pages = async (base: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: RestaurantList } = await get(
        `${base}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...names(page.body));
      cursor = page.body.nextCursor;
    } while (cursor && seen.length <= 20);
    return seen;
  };

  it.each([
    ['name', ''],
    ['distance', `&lat=${CENTRE.lat}&lng=${CENTRE.lng}&sort=distance`],
  ])('by %s, across the rings, whatever the page size', async (_sort, order) => {
    const all = await get(`/api/restaurants?category=veganpages${order}&limit=100`);
    const expected = all.body.items.filter((r) => r.hasVegan).map((r) => r.name);
    expect(expected).toHaveLength(7);
    for (const limit of [1, 2, 3, 7]) {
      expect(await pages(`/api/restaurants?category=veganpages${order}&vegan=true`, limit)).toEqual(expected);
    }
    // the search and the vegetarian filter on top, the same way
    const verde = all.body.items.filter((r) => r.hasVegetarian).map((r) => r.name);
    expect(await pages(`/api/restaurants?category=veganpages${order}&vegetarian=true&q=verde`, 2)).toEqual(
      verde,
    );
  });
});
