/**
 * A page by name from a position is the shared page without a position with each item measured
 * in JavaScript (list-restaurants.ts withDistances): it must be the database's answer to the byte.
 */
import type { ListRestaurantsQuery, RestaurantList } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSeedProduct,
  buildSeedRestaurant,
  insertRestaurant,
} from '../../../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { listRestaurants } from './list-restaurants.ts';
import { listUrl, seededRandom } from './testing.ts';

const NOW = new Date('2026-03-02T15:00:00Z');

let t: TestApp;
const rand = seededRandom(42);
const fromDatabase = (query: ListRestaurantsQuery) => listRestaurants({ db: t.db.db, now: () => NOW }, query);

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  const words = ['Sol', 'Luna', 'Mar', 'Árbol', 'Ñandú'];
  for (let i = 0; i < 60; i++) {
    const diet = rand();
    await insertRestaurant(
      t.db.db,
      buildSeedRestaurant({
        name: `${words[i % words.length]} ${i}`,
        category: ['cafe', 'grill', 'sushi'][i % 3]!,
        // Santiago, and a few across the ±180° meridian
        location:
          i % 10 === 0
            ? { lat: -17.7 + rand(), lng: i % 20 === 0 ? 179.95 : -179.95 }
            : { lat: -33.45 + (rand() - 0.5) * 0.3, lng: -70.65 + (rand() - 0.5) * 0.3 },
        rooms: [],
        products: [buildSeedProduct({ tags: diet < 0.3 ? ['vegan'] : diet < 0.6 ? ['vegetarian'] : [] })],
      }),
    );
  }
}, 120_000);
afterAll(() => t.close());

describe('lists by name from a position', () => {
  it('answer the database page to the byte, with every filter, and their cursors continue it', async () => {
    const filters: Omit<ListRestaurantsQuery, 'lat' | 'lng'>[] = [
      {},
      { vegan: 'true' },
      { vegetarian: 'true', category: 'cafe,sushi' },
      { q: 'sol' },
      { limit: 7 },
    ];
    let compared = 0;
    for (let i = 0; i < 40; i++) {
      const origin =
        i % 8 === 0
          ? { lat: -17.2, lng: i % 16 === 0 ? 180 : -180 }
          : {
              lat: Number((-33.6 + rand() * 0.3).toFixed(6)),
              lng: Number((-70.8 + rand() * 0.3).toFixed(6)),
            };
      const query: ListRestaurantsQuery = { ...filters[i % filters.length]!, ...origin };
      // twice: the second time the page without a position comes from the answer cache
      for (let round = 0; round < 2; round++) {
        const response = await t.app.inject({ method: 'GET', url: listUrl(query) });
        expect(response.statusCode).toBe(200);
        const expected = await fromDatabase(query);
        expect(expected.items.every((item) => typeof item.distance === 'number')).toBe(true);
        expect(response.body, JSON.stringify(query)).toBe(JSON.stringify(expected));
        compared += 1;
        const { nextCursor } = JSON.parse(response.body) as RestaurantList;
        if (nextCursor) {
          const next = await t.app.inject({ method: 'GET', url: listUrl({ ...query, cursor: nextCursor }) });
          expect(next.body).toBe(JSON.stringify(await fromDatabase({ ...query, cursor: nextCursor })));
        }
      }
    }
    expect(compared).toBe(80);
  });

  it('keeps the validation of the position (lat without lng is a 400)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/restaurants?lat=-33.4' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
