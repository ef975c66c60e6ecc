import type { PriceProductInput, ProductPriceAnswer } from '@comensal/contracts';
import { priceProduct, type PreferenceSelection } from '@comensal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RESTAURANTS } from '../../db/seed/demo-data.ts';
import { buildSeedProduct, buildSeedRestaurant, insertRestaurant } from '../../db/seed/insert-restaurant.ts';
import type { SeedProduct } from '../../db/seed/types.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;

interface Priced {
  restaurantId: string;
  productId: string;
  seed: SeedProduct;
}
const demo: Priced[] = [];
let restaurantId: string;
const ids: Record<string, string> = {};

const price = (restaurant: string, product: string, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurant}/menu/${product}/price`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const pizza = buildSeedProduct({
  key: 'pizza',
  priceMinor: 10_000,
  discount: { type: 'percent', value: 15 },
  preferences: [
    {
      key: 'size',
      name: { es: 'Tamaño', en: 'Size' },
      multiple: false,
      required: true,
      options: [
        { key: 'small', name: { es: 'Chica', en: 'Small' }, priceMinor: 0 },
        { key: 'large', name: { es: 'Grande', en: 'Large' }, priceMinor: 3_000 },
      ],
    },
    {
      key: 'extras',
      name: { es: 'Extras', en: 'Extras' },
      multiple: true,
      required: false,
      options: [
        { key: 'cheese', name: { es: 'Queso', en: 'Cheese' }, priceMinor: 500, maxQuantity: 3 },
        { key: 'olives', name: { es: 'Aceitunas', en: 'Olives' }, priceMinor: 333 },
      ],
    },
  ],
});

beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-03-02T15:00:00Z') });
  // Every demo restaurant, with visibility neutralised: pricing depends on price, preferences and
  // discount only, and this way every demo product is reachable whatever the clock.
  for (const restaurant of DEMO_RESTAURANTS) {
    const inserted = await insertRestaurant(t.db.db, {
      ...restaurant,
      products: restaurant.products.map((p) => ({
        ...p,
        hidden: false,
        scheduleStart: null,
        scheduleEnd: null,
        scheduleDays: null,
        preventSaleWithoutStock: false,
      })),
    });
    restaurant.products.forEach((seed, index) =>
      demo.push({ restaurantId: inserted.restaurant.id, productId: inserted.products[index]!.id, seed }),
    );
  }
  const own = await insertRestaurant(
    t.db.db,
    buildSeedRestaurant({
      products: [
        pizza,
        buildSeedProduct({ key: 'hidden', hidden: true }),
        buildSeedProduct({ key: 'cheap', priceMinor: 100, discount: { type: 'amount', value: 500 } }),
      ],
    }),
  );
  restaurantId = own.restaurant.id;
  for (const product of own.products) ids[product.key!] = product.id;
});

afterAll(() => t?.close());

/** A spread of valid choices: nothing, each option alone, every preference at once, maxima. */
function selectionsFor(seed: SeedProduct): PreferenceSelection[][] {
  const cases: PreferenceSelection[][] = [[]];
  for (const preference of seed.preferences) {
    for (const option of preference.options) {
      cases.push([{ preferenceKey: preference.key, optionKey: option.key, quantity: 1 }]);
      if (preference.multiple && (option.maxQuantity ?? 2) >= 2) {
        cases.push([
          {
            preferenceKey: preference.key,
            optionKey: option.key,
            quantity: Math.min(option.maxQuantity ?? 4, 4),
          },
        ]);
      }
    }
  }
  cases.push(
    seed.preferences.flatMap((preference) =>
      preference.multiple
        ? preference.options.map((option) => ({
            preferenceKey: preference.key,
            optionKey: option.key,
            quantity: option.maxQuantity ?? 2,
          }))
        : preference.options.slice(-1).map((option) => ({
            preferenceKey: preference.key,
            optionKey: option.key,
            quantity: 1,
          })),
    ),
  );
  return cases;
}

describe('POST /api/restaurants/:id/menu/:productId/price', () => {
  it('agrees with the domain priceProduct for every demo product with preferences', async () => {
    const withPreferences = demo.filter((d) => d.seed.preferences.length > 0);
    expect(withPreferences.length).toBeGreaterThan(20);
    let compared = 0;
    for (const { restaurantId: restaurant, productId, seed } of withPreferences) {
      for (const selections of selectionsFor(seed)) {
        for (const quantity of [1, 3]) {
          const res = await price(restaurant, productId, { quantity, selections });
          const expected = priceProduct({
            product: {
              priceMinor: seed.priceMinor,
              preferences: seed.preferences,
              discount: seed.discount?.value ?? null,
              discountType: seed.discount?.type ?? null,
            },
            selections,
            quantity,
          });
          expect({
            product: seed.key,
            selections,
            quantity,
            status: res.statusCode,
            body: res.json(),
          }).toEqual({
            product: seed.key,
            selections,
            quantity,
            status: 200,
            body: { currency: expect.any(String), ...expected },
          });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('prices options, multiples and the percent discount per unit', async () => {
    const body: PriceProductInput = {
      quantity: 2,
      selections: [
        { preferenceKey: 'size', optionKey: 'large', quantity: 1 },
        { preferenceKey: 'extras', optionKey: 'cheese', quantity: 3 },
        { preferenceKey: 'extras', optionKey: 'olives', quantity: 1 },
      ],
    };
    const res = await price(restaurantId, ids.pizza!, body);
    expect(res.statusCode).toBe(200);
    // unit 10000 + 3000 + 3×500 + 333 = 14833; 15 % of it = 2224.95 → 2225 per unit
    expect(res.json() as ProductPriceAnswer).toEqual({
      currency: 'CLP',
      unitPriceMinor: 14_833,
      subtotalMinor: 29_666,
      discountMinor: 4_450,
      totalMinor: 25_216,
    });
  });

  it('never prices below 0 (amount discount larger than the price)', async () => {
    const res = await price(restaurantId, ids.cheap!, { quantity: 3, selections: [] });
    expect(res.json()).toMatchObject({ subtotalMinor: 300, discountMinor: 300, totalMinor: 0 });
  });

  it.each([
    ['an unknown preference', [{ preferenceKey: 'sauce', optionKey: 'x', quantity: 1 }]],
    ['an unknown option', [{ preferenceKey: 'size', optionKey: 'huge', quantity: 1 }]],
    [
      'two options of a single-choice preference',
      [
        { preferenceKey: 'size', optionKey: 'small', quantity: 1 },
        { preferenceKey: 'size', optionKey: 'large', quantity: 1 },
      ],
    ],
    ['a single-choice option twice', [{ preferenceKey: 'size', optionKey: 'large', quantity: 2 }]],
    ['more than maxQuantity', [{ preferenceKey: 'extras', optionKey: 'cheese', quantity: 4 }]],
    [
      'the same multiple-choice option twice',
      [
        { preferenceKey: 'extras', optionKey: 'olives', quantity: 1 },
        { preferenceKey: 'extras', optionKey: 'olives', quantity: 1 },
      ],
    ],
  ])('answers 400 VALIDATION_FAILED with details.reason to %s', async (_, selections) => {
    const res = await price(restaurantId, ids.pizza!, { quantity: 1, selections });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'INVALID_PREFERENCE' },
    });
  });

  it.each([
    ['quantity 0', { quantity: 0, selections: [] }],
    ['a fractional quantity', { quantity: 1.5, selections: [] }],
    ['a huge quantity', { quantity: 1e9, selections: [] }],
    ['no selections', { quantity: 1 }],
    ['an unknown field', { quantity: 1, selections: [], price: 1 }],
    [
      'an option quantity 0',
      { quantity: 1, selections: [{ preferenceKey: 'extras', optionKey: 'olives', quantity: 0 }] },
    ],
    [
      'a selection with extra fields',
      { quantity: 1, selections: [{ preferenceKey: 'a', optionKey: 'b', quantity: 1, priceMinor: 0 }] },
    ],
    ['a string', 'price please'],
    ['null', null],
  ])('answers 400 VALIDATION_FAILED to %s', async (_, body) => {
    const res = await price(restaurantId, ids.pizza!, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 404 for a hidden, unknown or foreign product, or an unknown restaurant', async () => {
    const body = { quantity: 1, selections: [] };
    const other = demo[0]!;
    for (const [restaurant, product, what] of [
      [restaurantId, ids.hidden!, 'Product'],
      [restaurantId, '8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11', 'Product'],
      [restaurantId, other.productId, 'Product'],
      ['8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11', ids.pizza!, 'Restaurant'],
      ['nope', ids.pizza!, 'Restaurant'],
    ] as const) {
      const res = await price(restaurant, product, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `${what} not found` } });
    }
  });

  it('changes nothing', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${restaurantId}/menu/${ids.pizza}`,
    });
    await price(restaurantId, ids.pizza!, { quantity: 5, selections: [] });
    await price(restaurantId, ids.pizza!, {
      quantity: 5,
      selections: [{ preferenceKey: 'no', optionKey: 'no', quantity: 1 }],
    });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${restaurantId}/menu/${ids.pizza}`,
    });
    expect(after.json()).toEqual(before.json());
  });
});
