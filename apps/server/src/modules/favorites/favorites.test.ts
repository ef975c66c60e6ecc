import { randomUUID } from 'node:crypto';
import {
  MAX_FAVORITES_PER_TYPE,
  type FavoriteIds,
  type FavoriteList,
  type FavoriteState,
  type Menu,
  type Product,
  type RestaurantDetail,
} from '@comensal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSeedProduct, buildSeedRestaurant, insertRestaurant } from '../../db/seed/insert-restaurant.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { nextLiveEvent } from '../../test/live.ts';
import { signInGuest, signUpUser, TEST_ORIGIN } from '../../test/sessions.ts';
import { createContext } from '../../lib/context.ts';
import { menuCacheChannel } from '../restaurants/index.ts';
import { setFavorite, USER_MISSING_MESSAGE } from './set-favorite.ts';

// Monday 2 March 2026, 12:00 in Santiago
const NOW = new Date('2026-03-02T15:00:00Z');

let t: TestApp;
let restaurantId: string;
let otherRestaurantId: string;
const productIds: Record<string, string> = {};

async function call<T = FavoriteState>(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  return { status: res.statusCode, body: res.json() as T };
}

const restaurantUrl = (id: string) => `/api/me/favorites/restaurants/${id}`;
const productUrl = (id: string) => `/api/me/favorites/products/${id}`;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  const inserted = await insertRestaurant(
    t.db.db,
    buildSeedRestaurant({
      name: 'Favorita',
      products: [
        buildSeedProduct({ key: 'always', name: { es: 'Siempre', en: 'Always' } }),
        buildSeedProduct({ key: 'dinner', scheduleStart: '20:00', scheduleEnd: '23:00' }),
        buildSeedProduct({ key: 'hidden', hidden: true }),
      ],
    }),
  );
  restaurantId = inserted.restaurant.id;
  for (const product of inserted.products) productIds[product.key!] = product.id;
  otherRestaurantId = (await insertRestaurant(t.db.db, buildSeedRestaurant({ name: 'Otra' }))).restaurant.id;
});

afterAll(() => t?.close());

describe('who may use /api/me/favorites', () => {
  it.each([
    ['GET', '/api/me/favorites?type=restaurants'],
    ['GET', '/api/me/favorites/ids'],
    ['PUT', 'restaurant'],
    ['DELETE', 'restaurant'],
    ['PUT', 'product'],
    ['DELETE', 'product'],
  ] as const)('answers 401 to an anonymous %s %s, changing nothing', async (method, target) => {
    const url =
      target === 'restaurant'
        ? restaurantUrl(restaurantId)
        : target === 'product'
          ? productUrl(productIds.always!)
          : target;
    for (const cookie of [undefined, 'better-auth.session_token=forged']) {
      const res = await call(method, url, cookie);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    const detail = await call<RestaurantDetail>('GET', `/api/restaurants/${restaurantId}`);
    expect(detail.body.favoritesCount).toBe(0);
  });

  it('lets a guest keep favourites', async () => {
    const guest = await signInGuest(t.app);
    expect(await call('PUT', restaurantUrl(otherRestaurantId), guest.cookie)).toEqual({
      status: 200,
      body: { isFavorite: true, favoritesCount: 1 },
    });
    expect((await call<FavoriteIds>('GET', '/api/me/favorites/ids', guest.cookie)).body).toEqual({
      restaurantIds: [otherRestaurantId],
      productIds: [],
    });
    expect(await call('DELETE', restaurantUrl(otherRestaurantId), guest.cookie)).toEqual({
      status: 200,
      body: { isFavorite: false, favoritesCount: 0 },
    });
  });

  it("a diner's favourites are theirs only", async () => {
    const ana = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    await call('PUT', restaurantUrl(restaurantId), ana.cookie);
    expect((await call<FavoriteIds>('GET', '/api/me/favorites/ids', bob.cookie)).body.restaurantIds).toEqual(
      [],
    );
    const bobList = await call<FavoriteList>('GET', '/api/me/favorites?type=restaurants', bob.cookie);
    expect(bobList.body.items).toEqual([]);
    // Bob removing it does not remove Ana's
    expect((await call('DELETE', restaurantUrl(restaurantId), bob.cookie)).body).toEqual({
      isFavorite: false,
      favoritesCount: 1,
    });
    expect((await call<FavoriteIds>('GET', '/api/me/favorites/ids', ana.cookie)).body.restaurantIds).toEqual([
      restaurantId,
    ]);
    await call('DELETE', restaurantUrl(restaurantId), ana.cookie);
  });
});

describe('PUT / DELETE a favourite restaurant', () => {
  it('is idempotent and the count follows the rows', async () => {
    const ana = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const put = (cookie: string) => call('PUT', restaurantUrl(restaurantId), cookie);
    expect((await put(ana.cookie)).body).toEqual({ isFavorite: true, favoritesCount: 1 });
    expect((await put(ana.cookie)).body).toEqual({ isFavorite: true, favoritesCount: 1 });
    expect((await put(bob.cookie)).body).toEqual({ isFavorite: true, favoritesCount: 2 });
    const detail = await call<RestaurantDetail>('GET', `/api/restaurants/${restaurantId}`);
    expect(detail.body.favoritesCount).toBe(2);
    expect((await call('DELETE', restaurantUrl(restaurantId), ana.cookie)).body).toEqual({
      isFavorite: false,
      favoritesCount: 1,
    });
    expect((await call('DELETE', restaurantUrl(restaurantId), ana.cookie)).body).toEqual({
      isFavorite: false,
      favoritesCount: 1,
    });
    await call('DELETE', restaurantUrl(restaurantId), bob.cookie);
  });

  it.each([
    ['an unknown id', '8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11'],
    ['a malformed id', 'not-a-uuid'],
    ['SQL', encodeURIComponent("1' OR '1'='1")],
  ])('answers 404 NOT_FOUND to %s', async (_, id) => {
    const ana = await signUpUser(t.app);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, restaurantUrl(id), ana.cookie);
      expect(res).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Restaurant not found' } },
      });
    }
    expect((await call<FavoriteIds>('GET', '/api/me/favorites/ids', ana.cookie)).body.restaurantIds).toEqual(
      [],
    );
  });

  it(`refuses a favourite beyond ${MAX_FAVORITES_PER_TYPE} with 409 CONFLICT`, async () => {
    const ana = await signUpUser(t.app);
    // MAX restaurants in one statement, all favourited by Ana
    await t.db.db.execute(sql`
      WITH template AS (SELECT * FROM restaurants WHERE id = ${otherRestaurantId}),
      created AS (
        INSERT INTO restaurants (slug, name, description, category, address, city, country, currency, time_zone,
                                 lat, lng, phone, opening_hours)
        SELECT 'limit-' || g || '-' || ${randomUUID()}, 'Limit ' || g, description, category, address, city,
               country, currency, time_zone, lat, lng, phone, opening_hours
        FROM template, generate_series(1, ${MAX_FAVORITES_PER_TYPE}) AS g
        RETURNING id)
      INSERT INTO favorite_restaurants (user_id, restaurant_id) SELECT ${ana.userId}::uuid, id FROM created`);
    const over = await call('PUT', restaurantUrl(restaurantId), ana.cookie);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'FAVORITES_LIMIT' } } });
    const ids = (await call<FavoriteIds>('GET', '/api/me/favorites/ids', ana.cookie)).body.restaurantIds;
    expect(ids).toHaveLength(MAX_FAVORITES_PER_TYPE);
    // removing one makes room; PUT of one already there is still fine at the limit
    expect((await call('DELETE', restaurantUrl(ids[0]!), ana.cookie)).status).toBe(200);
    expect((await call('PUT', restaurantUrl(restaurantId), ana.cookie)).status).toBe(200);
    expect((await call('PUT', restaurantUrl(restaurantId), ana.cookie)).status).toBe(200);
    expect((await call('PUT', restaurantUrl(ids[0]!), ana.cookie)).status).toBe(409);
    await call('DELETE', restaurantUrl(restaurantId), ana.cookie);
  });
});

describe('PUT / DELETE a favourite product', () => {
  it('counts it on the product (the menu list does not carry the count: ADR 0037)', async () => {
    const ana = await signUpUser(t.app);
    const menuItem = async () =>
      (await call<Product>('GET', `/api/restaurants/${restaurantId}/menu/${productIds.always}`)).body;
    const listed = (await call<Menu>('GET', `/api/restaurants/${restaurantId}/menu`)).body.items.find(
      (p) => p.id === productIds.always,
    );
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('favoritesCount');
    expect((await menuItem()).favoritesCount).toBe(0);
    const dropped = nextLiveEvent(t.app, menuCacheChannel(restaurantId));
    expect((await call('PUT', productUrl(productIds.always!), ana.cookie)).body).toEqual({
      isFavorite: true,
      favoritesCount: 1,
    });
    await dropped;
    expect((await menuItem()).favoritesCount).toBe(1);
    const product = await call<Product>('GET', `/api/restaurants/${restaurantId}/menu/${productIds.always}`);
    expect(product.body.favoritesCount).toBe(1);
    const droppedAgain = nextLiveEvent(t.app, menuCacheChannel(restaurantId));
    await call('DELETE', productUrl(productIds.always!), ana.cookie);
    await droppedAgain;
    expect((await menuItem()).favoritesCount).toBe(0);
  });

  it('answers 404 for an unknown product, and to PUT of a hidden one (DELETE of it works)', async () => {
    const ana = await signUpUser(t.app);
    for (const id of ['8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11', 'nope', restaurantId]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        expect(await call(method, productUrl(id), ana.cookie)).toEqual({
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Product not found' } },
        });
      }
    }
    expect((await call('PUT', productUrl(productIds.hidden!), ana.cookie)).status).toBe(404);
    // a favourite product hidden afterwards can still be removed
    await t.db.db.execute(
      sql`INSERT INTO favorite_products (user_id, product_id) VALUES (${ana.userId}, ${productIds.hidden})`,
    );
    expect((await call('DELETE', productUrl(productIds.hidden!), ana.cookie)).body).toEqual({
      isFavorite: false,
      favoritesCount: 0,
    });
  });
});

describe('GET /api/me/favorites', () => {
  it('lists products newest first with their restaurant and availability, in pages', async () => {
    const ana = await signUpUser(t.app);
    for (const key of ['always', 'dinner']) {
      expect((await call('PUT', productUrl(productIds[key]!), ana.cookie)).status).toBe(200);
    }
    const first = await call<FavoriteList>('GET', '/api/me/favorites?type=products&limit=1', ana.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      type: 'products',
      items: [
        {
          product: { id: productIds.dinner, scheduleStart: '20:00', currency: 'CLP', favoritesCount: 1 },
          restaurant: { id: restaurantId, name: 'Favorita', country: 'CL', currency: 'CLP' },
          isAvailable: false, // 12:00 in Santiago, dinner is 20:00–23:00
          favoritedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      ],
      nextCursor: expect.any(String),
    });
    const second = await call<FavoriteList>(
      'GET',
      `/api/me/favorites?type=products&limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
      ana.cookie,
    );
    expect(second.body).toMatchObject({
      type: 'products',
      items: [{ product: { id: productIds.always }, isAvailable: true }],
    });
    expect(second.body.nextCursor).toBeNull();
    for (const key of ['always', 'dinner']) await call('DELETE', productUrl(productIds[key]!), ana.cookie);
  });

  it('lists restaurants with their summaries, pages without gaps or repeats even within one microsecond', async () => {
    const ana = await signUpUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await insertRestaurant(t.db.db, buildSeedRestaurant({ name: `Fav ${i}` }))).restaurant.id);
    }
    // three at the very same instant, two later
    await t.db.db.execute(sql`
      INSERT INTO favorite_restaurants (user_id, restaurant_id, created_at)
      SELECT ${ana.userId}::uuid, id::uuid, '2026-03-01T10:00:00.123456Z'::timestamptz
      FROM unnest(${sql.raw(`ARRAY['${ids.slice(0, 3).join("','")}']`)}) AS id`);
    await call('PUT', restaurantUrl(ids[3]!), ana.cookie);
    await call('PUT', restaurantUrl(ids[4]!), ana.cookie);
    const seen: string[] = [];
    let url = '/api/me/favorites?type=restaurants&limit=2';
    for (let i = 0; i < 5; i += 1) {
      const page = await call<FavoriteList>('GET', url, ana.cookie);
      expect(page.status).toBe(200);
      if (page.body.type !== 'restaurants') throw new Error('wrong type');
      seen.push(...page.body.items.map((item) => item.restaurant.id));
      if (!page.body.nextCursor) break;
      url = `/api/me/favorites?type=restaurants&limit=2&cursor=${encodeURIComponent(page.body.nextCursor)}`;
    }
    expect(seen.slice(0, 2)).toEqual([ids[4], ids[3]]);
    expect(new Set(seen.slice(2))).toEqual(new Set(ids.slice(0, 3)));
    expect(seen).toHaveLength(5);
    const first = await call<FavoriteList>('GET', '/api/me/favorites?type=restaurants&limit=1', ana.cookie);
    expect(first.body).toMatchObject({
      type: 'restaurants',
      items: [{ restaurant: { id: ids[4], name: 'Fav 4', favoritesCount: 1, hasVegan: false } }],
    });
  });

  it.each([
    [''],
    ['?type=users'],
    ['?type=restaurants&limit=0'],
    ['?type=restaurants&limit=101'],
    ['?type=restaurants&cursor=nope'],
    ['?type=restaurants&cursor=' + Buffer.from('{"at":"x","id":"y"}').toString('base64url')],
    ['?type=restaurants&extra=1'],
  ])('answers 400 VALIDATION_FAILED to %s', async (query) => {
    const ana = await signUpUser(t.app);
    const res = await call('GET', `/api/me/favorites${query}`, ana.cookie);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('the user row is gone', () => {
  it("logs 'El usuario no existe' and answers 401, as without a session", async () => {
    const warn = vi.fn();
    const ctx = createContext({
      db: t.db.db,
      now: () => NOW,
      log: { debug() {}, info() {}, warn, error() {} },
    });
    const attempt = setFavorite(ctx, randomUUID(), 'restaurants', restaurantId, true);
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'UNAUTHENTICATED', statusCode: 401 });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ userId: expect.any(String) }),
      USER_MISSING_MESSAGE,
    );
    const count = await t.db.db.execute(
      sql`SELECT count(*)::int AS n FROM favorite_restaurants WHERE restaurant_id = ${restaurantId}`,
    );
    expect(count.rows[0]).toEqual({ n: 0 });
  });
});

describe('concurrency', () => {
  const countRows = async (id: string) =>
    (
      await t.db.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM favorite_restaurants WHERE restaurant_id = ${id}`,
      )
    ).rows[0]!.n;

  it('50 simultaneous PUT/DELETE on the same favourite leave one consistent state and count', async () => {
    const ana = await signUpUser(t.app);
    const target = (await insertRestaurant(t.db.db, buildSeedRestaurant())).restaurant.id;
    const methods = Array.from(
      { length: 50 },
      (_, i) => (i % 3 === 0 ? 'DELETE' : 'PUT') as 'PUT' | 'DELETE',
    );
    const results = await Promise.all(
      methods.map((method) => call(method, restaurantUrl(target), ana.cookie)),
    );
    for (const [i, result] of results.entries()) {
      expect(result.status).toBe(200);
      expect(result.body).toEqual({
        isFavorite: methods[i] === 'PUT',
        favoritesCount: methods[i] === 'PUT' ? 1 : 0,
      });
    }
    const rows = await countRows(target);
    expect([0, 1]).toContain(rows);
    const ids = (await call<FavoriteIds>('GET', '/api/me/favorites/ids', ana.cookie)).body.restaurantIds;
    expect(ids.includes(target)).toBe(rows === 1);
    const detail = await call<RestaurantDetail>('GET', `/api/restaurants/${target}`);
    expect(detail.body.favoritesCount).toBe(rows);
  });

  it('many diners at once: the count is the number of favourite rows', async () => {
    const diners = await Promise.all(Array.from({ length: 10 }, () => signUpUser(t.app)));
    const target = (await insertRestaurant(t.db.db, buildSeedRestaurant())).restaurant.id;
    const calls = diners.flatMap((diner, i) =>
      ['PUT', 'DELETE', 'PUT', i % 2 === 0 ? 'DELETE' : 'PUT', 'PUT'].map((method) => ({
        diner,
        method: method as 'PUT' | 'DELETE',
      })),
    );
    const results = await Promise.all(
      calls.map(({ diner, method }) => call(method, restaurantUrl(target), diner.cookie)),
    );
    for (const result of results) {
      expect(result.status).toBe(200);
      expect(result.body.favoritesCount).toBeGreaterThanOrEqual(result.body.isFavorite ? 1 : 0);
      expect(result.body.favoritesCount).toBeLessThanOrEqual(diners.length);
    }
    const favouredBy = (
      await Promise.all(
        diners.map(async (diner) =>
          (await call<FavoriteIds>('GET', '/api/me/favorites/ids', diner.cookie)).body.restaurantIds.includes(
            target,
          ),
        ),
      )
    ).filter(Boolean).length;
    expect(await countRows(target)).toBe(favouredBy);
    expect((await call<RestaurantDetail>('GET', `/api/restaurants/${target}`)).body.favoritesCount).toBe(
      favouredBy,
    );
  });
});
