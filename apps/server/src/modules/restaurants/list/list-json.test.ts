/**
 * The cached answers are sent as bytes (src/http/send-cached.ts), past Fastify's response schema
 * check, and the nearest-first page is JSON text written by hand (nearbyFirstPage). So every path
 * of an answer is checked here against the published response schema of packages/contracts:
 * nothing missing, nothing of the wrong type, nothing more (what zod would strip).
 */
import { menuSchema, restaurantListSchema, type ListRestaurantsQuery } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_RESTAURANTS } from '../../../db/seed/demo-data.ts';
import { insertRestaurant } from '../../../db/seed/insert-restaurant.ts';
import { appContext } from '../../../http/request.ts';
import type { CachedBody } from '../../../lib/cached-body.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { callApi, signUpUser } from '../../../test/sessions.ts';
import { getCachedMenu } from '../get-menu.ts';
import { createMenuCache } from '../menu-cache.ts';
import { createListCache } from './list-cache.ts';
import { createNearbySources, getCachedRestaurantList, type NearbySources } from './list-restaurants.ts';
import { listUrl } from './testing.ts';

// Monday 2 March 2026, 12:00 in Santiago (UTC−3)
const NOW = new Date('2026-03-02T15:00:00Z');
/** Santiago, where the first demo restaurants are. */
const HERE = { lat: -33.44, lng: -70.65 };

let t: TestApp;
let nearby: NearbySources;
const restaurantIds: string[] = [];

/** Valid for the schema, and exactly what the schema keeps (zod strips members it does not know). */
function expectPublished(schema: z.ZodType, json: unknown): void {
  const parsed = schema.safeParse(json);
  expect(parsed.error).toBeUndefined();
  expect(parsed.data).toEqual(json);
}

const bodyOf = (cached: CachedBody): unknown => JSON.parse(cached.body.toString('utf8'));

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  // the demo restaurants: every dietary tag, single and multiple choices, both discounts,
  // schedules, weekdays, hidden dishes and stock
  for (const restaurant of DEMO_RESTAURANTS) {
    restaurantIds.push((await insertRestaurant(t.db.db, restaurant)).restaurant.id);
  }
  // favourites counts other than zero
  const ana = await signUpUser(t.app);
  for (const id of restaurantIds.slice(0, 3)) {
    expect((await callApi(t.app, 'PUT', `/api/me/favorites/restaurants/${id}`, { as: ana })).statusCode).toBe(
      200,
    );
  }
  nearby = createNearbySources(appContext(t.app));
}, 60_000);

afterAll(() => t.close());

const ctx = () => appContext(t.app);

describe('the nearest-first pages written by hand', () => {
  it.each<[string, ListRestaurantsQuery]>([
    ['a first page', { lat: HERE.lat, lng: HERE.lng, sort: 'distance' }],
    ['a short page with a next cursor', { lat: HERE.lat, lng: HERE.lng, sort: 'distance', limit: 3 }],
    ['vegan ones', { lat: HERE.lat, lng: HERE.lng, sort: 'distance', vegan: 'true' }],
    [
      'a category',
      { lat: HERE.lat, lng: HERE.lng, sort: 'distance', category: 'cafe,peruvian', vegetarian: 'true' },
    ],
    ['nothing found', { lat: HERE.lat, lng: HERE.lng, sort: 'distance', category: 'sushi' }],
  ])('%s', async (_, query) => {
    const answer = await getCachedRestaurantList(ctx(), createListCache(), query, nearby);
    // no value behind the bytes: this is the JSON text the in-memory path wrote itself
    expect(answer.value).toBeUndefined();
    expectPublished(restaurantListSchema, bodyOf(answer));
  });
});

describe('the other cached answers', () => {
  it.each<[string, ListRestaurantsQuery]>([
    ['by name', {}],
    ['by name, measured from a position', { lat: HERE.lat, lng: HERE.lng }],
    ['by name, a second page', { limit: 5 }],
    [
      'a name search by distance (the database)',
      { q: 'mesa', lat: HERE.lat, lng: HERE.lng, sort: 'distance' },
    ],
  ])('the list %s', async (_, query) => {
    const answer = await getCachedRestaurantList(ctx(), createListCache(), query, nearby);
    expectPublished(restaurantListSchema, bodyOf(answer));
    const next = (bodyOf(answer) as { nextCursor: string | null }).nextCursor;
    if (next) {
      const page = await getCachedRestaurantList(
        ctx(),
        createListCache(),
        { ...query, cursor: next },
        nearby,
      );
      expectPublished(restaurantListSchema, bodyOf(page));
    }
  });

  it('every demo menu, with and without its filters', async () => {
    for (const id of restaurantIds) {
      for (const query of [{}, { vegan: 'true' as const }, { minPrice: 4_000, maxPrice: 6_000 }]) {
        const answer = await getCachedMenu(ctx(), createMenuCache(), id, query);
        expectPublished(menuSchema, bodyOf(answer));
      }
    }
  });

  it('what the route sends', async () => {
    for (const query of [{ lat: HERE.lat, lng: HERE.lng, sort: 'distance' as const }, {}]) {
      const response = await t.app.inject({ method: 'GET', url: listUrl(query) });
      expect(response.statusCode).toBe(200);
      expectPublished(restaurantListSchema, response.json());
    }
  });
});
