/**
 * Every refusal of the table's order, and that a refusal changes nothing: a batch with one bad
 * item (validation, a required choice, unavailable, another restaurant's dish, stock, points) at
 * each position writes no line, takes no stock and spends no points; availability in the
 * restaurant's zone at the server's clock; a dish that runs out leaves the menu; hostile input
 * is a 4xx, never a 5xx.
 */
import { menuTopic, type Menu } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { nextLiveEvent } from '../../test/live.ts';
import { signUpUser, type TestSession } from '../../test/sessions.ts';
import { insertTestRestaurant, NOW, reservationInput, reserve } from '../reservations/testing.ts';
import {
  expectStatus,
  insertOrdersRestaurant,
  orderApi,
  placeOrders,
  setPoints,
  setStock,
  snapshotOf,
  stockOf,
  type MenuKey,
  type OrdersRestaurant,
} from './testing.ts';

let t: TestApp;
let restaurant: OrdersRestaurant;
let otherDishId: string;
let ana: TestSession;
let reservationId: string;
let api: ReturnType<typeof orderApi>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  api = orderApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db);
  otherDishId = (await insertTestRestaurant(t.db)).products[0]!.id;
  ana = await signUpUser(t.app, { name: 'Ana' });
  reservationId = (await reserve(t.app, ana, reservationInput(restaurant))).id;
  await setPoints(t.db.db, ana.userId, restaurant.restaurant.id, 50);
});
afterAll(() => t?.close());

const id = (key: MenuKey) => restaurant.product(key);
const snapshot = () => snapshotOf(t.db.db, restaurant, reservationId, ana.userId);

/** Good items, each touching stock or points, so a rollback has something to undo. */
const good = () => [
  { productId: id('stocked'), quantity: 2 },
  { productId: id('stockedPoints'), quantity: 1, payWithPoints: true },
  {
    productId: id('burger'),
    quantity: 1,
    selections: [{ preferenceKey: 'size', optionKey: 'large', quantity: 1 }],
  },
];

const BAD_ITEMS: [string, () => object, number, string, object][] = [
  [
    'an unknown option',
    () => ({
      productId: id('burger'),
      quantity: 1,
      selections: [{ preferenceKey: 'size', optionKey: 'huge', quantity: 1 }],
    }),
    400,
    'VALIDATION_FAILED',
    { reason: 'INVALID_PREFERENCE' },
  ],
  [
    'a required choice left out',
    () => ({
      productId: id('burger'),
      quantity: 1,
      selections: [{ preferenceKey: 'extras', optionKey: 'cheese', quantity: 1 }],
    }),
    400,
    'VALIDATION_FAILED',
    { reason: 'REQUIRED_PREFERENCE_MISSING', preferenceKeys: ['size'] },
  ],
  [
    'an option above its maximum',
    () => ({
      productId: id('burger'),
      quantity: 1,
      selections: [
        { preferenceKey: 'size', optionKey: 'regular', quantity: 1 },
        { preferenceKey: 'extras', optionKey: 'cheese', quantity: 4 },
      ],
    }),
    400,
    'VALIDATION_FAILED',
    { reason: 'INVALID_PREFERENCE' },
  ],
  ['a hidden dish', () => ({ productId: id('hidden'), quantity: 1 }), 409, 'PRODUCT_UNAVAILABLE', {}],
  [
    'a dish out of its hours',
    () => ({ productId: id('dinner'), quantity: 1 }),
    409,
    'PRODUCT_UNAVAILABLE',
    {},
  ],
  ['a dish of another day', () => ({ productId: id('sunday'), quantity: 1 }), 409, 'PRODUCT_UNAVAILABLE', {}],
  ["another restaurant's dish", () => ({ productId: otherDishId, quantity: 1 }), 404, 'NOT_FOUND', {}],
  ['more than the stock', () => ({ productId: id('stocked'), quantity: 11 }), 409, 'OUT_OF_STOCK', {}],
  [
    'more points than the balance',
    () => ({ productId: id('points'), quantity: 2, payWithPoints: true }),
    409,
    'NOT_ENOUGH_POINTS',
    { balance: 25, needed: 80 },
  ],
  [
    'points for a dish without a points price',
    () => ({ productId: id('plain'), quantity: 1, payWithPoints: true }),
    409,
    'POINTS_NOT_ACCEPTED',
    {},
  ],
  [
    'points for a dish whose points price is 0',
    () => ({ productId: id('freePoints'), quantity: 1, payWithPoints: true }),
    409,
    'POINTS_NOT_ACCEPTED',
    {},
  ],
];

describe('a batch with one bad item writes nothing', () => {
  it.each(BAD_ITEMS)('%s, at every position', async (_label, bad, status, code, details) => {
    const before = await snapshot();
    for (const index of [0, 1, 2, 3]) {
      const items: object[] = good();
      items.splice(index, 0, bad());
      const response = await api.batch(ana, reservationId, items);
      expect(response.statusCode, response.body).toBe(status);
      const error = response.json().error;
      expect(error.code).toBe(code);
      // the stock and points figures are those left when the bad item is reached: after the good
      // items before it in product-id order (stock) or in the batch order (points)
      if (code !== 'OUT_OF_STOCK' && code !== 'NOT_ENOUGH_POINTS')
        expect(error.details).toMatchObject(details);
      expect(error.details).toMatchObject({ index, productId: (bad() as { productId: string }).productId });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('names the stock and points left when it runs short', async () => {
    const stock = await api.batch(ana, reservationId, [{ productId: id('stocked'), quantity: 11 }]);
    expect(stock.json().error).toMatchObject({ code: 'OUT_OF_STOCK', details: { index: 0, available: 10 } });
    const points = await api.batch(ana, reservationId, [
      { productId: id('stockedPoints'), quantity: 1, payWithPoints: true },
      { productId: id('points'), quantity: 1, payWithPoints: true },
    ]);
    expect(points.json().error).toMatchObject({
      code: 'NOT_ENOUGH_POINTS',
      details: { index: 1, balance: 25, needed: 40 },
    });
    expect(await snapshot()).toEqual({ lines: 0, stocks: [10, 10], points: 50 });
  });

  it('refuses a malformed item at any position (400, the path names it) and writes nothing', async () => {
    const before = await snapshot();
    for (const index of [0, 3]) {
      const items: object[] = good();
      items.splice(index, 0, { productId: id('plain'), quantity: 0 });
      const response = await api.batch(ana, reservationId, items);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].path).toBe(`items.${index}.quantity`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the same batch without the bad item goes through', async () => {
    const orders = await placeOrders(t.app, ana, reservationId, good());
    expect(orders).toHaveLength(3);
    expect(await snapshot()).toEqual({ lines: 3, stocks: [8, 9], points: 25 });
    for (const order of orders) expectStatus(await api.remove(ana, reservationId, order.id), 204);
    expect(await snapshot()).toEqual({ lines: 0, stocks: [10, 10], points: 50 });
  });
});

describe("availability at the server's clock, in the restaurant's zone", () => {
  it('orders a dinner dish at 21:00 Santiago time and not at 12:00', async () => {
    expect((await api.order(ana, reservationId, { productId: id('dinner'), quantity: 1 })).statusCode).toBe(
      409,
    );
    // Monday 21:00 in Santiago (UTC-3) is 00:00 UTC on Tuesday
    t.clock.set(new Date('2026-03-03T00:00:00Z'));
    try {
      const order = expectStatus<{ id: string }>(
        await api.order(ana, reservationId, { productId: id('dinner'), quantity: 1 }),
        201,
      );
      expectStatus(await api.remove(ana, reservationId, order.id), 204);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('a sold-out dish is OUT_OF_STOCK with nothing available, and the last units leave the menu live', async () => {
    const menuUrl = `/api/restaurants/${restaurant.restaurant.id}/menu`;
    const onMenu = async () =>
      (await t.app.inject({ method: 'GET', url: menuUrl }))
        .json<Menu>()
        .items.some((p) => p.id === id('stocked'));
    expect(await onMenu()).toBe(true); // the menu answer is cached now
    const changed = nextLiveEvent(
      t.app,
      menuTopic(restaurant.restaurant.id),
      (message) => (message.data as { productId?: string }).productId === id('stocked'),
    );
    const [last] = await placeOrders(t.app, ana, reservationId, [{ productId: id('stocked'), quantity: 10 }]);
    expect(await changed).toMatchObject({ event: 'menu.changed', data: { productId: id('stocked') } });
    expect(await onMenu()).toBe(false);
    const soldOut = await api.order(ana, reservationId, { productId: id('stocked'), quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error).toMatchObject({ code: 'OUT_OF_STOCK', details: { available: 0 } });

    const back = nextLiveEvent(t.app, menuTopic(restaurant.restaurant.id));
    expectStatus(await api.remove(ana, reservationId, last!.id), 204);
    await back;
    expect(await onMenu()).toBe(true);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(10);
  });

  it('a dish that counts its stock but has none recorded is sold out', async () => {
    await setStock(t.db.db, id('stocked'), null);
    try {
      const response = await api.order(ana, reservationId, { productId: id('stocked'), quantity: 1 });
      expect(response.json().error).toMatchObject({ code: 'OUT_OF_STOCK', details: { available: 0 } });
    } finally {
      await setStock(t.db.db, id('stocked'), 10);
    }
  });

  it('a dish whose stock is not counted is ordered whatever its stock says', async () => {
    const order = expectStatus<{ id: string }>(
      await api.order(ana, reservationId, { productId: id('untracked'), quantity: 5 }),
      201,
    );
    expect(await stockOf(t.db.db, id('untracked'))).toBe(0);
    expectStatus(await api.remove(ana, reservationId, order.id), 204);
    expect(await stockOf(t.db.db, id('untracked'))).toBe(0);
  });
});

describe('hostile input: a 4xx with a stable code, never a 5xx, nothing written', () => {
  const UUID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
  const plain = () => ({ productId: id('plain'), quantity: 1 });

  it.each<[string, () => unknown, number]>([
    ['a NUL byte in the comments', () => ({ ...plain(), comments: 'a\u0000b' }), 400],
    ['a control character in the comments', () => ({ ...plain(), comments: 'bell\u0007' }), 400],
    ['comments of 301 characters', () => ({ ...plain(), comments: 'x'.repeat(301) }), 400],
    ['a huge quantity', () => ({ ...plain(), quantity: 1e300 }), 400],
    ['a quantity past the maximum', () => ({ ...plain(), quantity: 100 }), 400],
    ['a negative quantity', () => ({ ...plain(), quantity: -1 }), 400],
    ['a fractional quantity', () => ({ ...plain(), quantity: 1.5 }), 400],
    ['a quantity as text', () => ({ ...plain(), quantity: '2' }), 400],
    ['no quantity', () => ({ productId: id('plain') }), 400],
    ['an unknown field', () => ({ ...plain(), priceMinor: 1 }), 400],
    ['a price sent by the client', () => ({ ...plain(), unitPriceMinor: 0 }), 400],
    ['a malformed product id', () => ({ ...plain(), productId: 'not-a-uuid' }), 400],
    ['an unknown product', () => ({ ...plain(), productId: UUID }), 404],
    ['payWithPoints as text', () => ({ ...plain(), payWithPoints: 'yes' }), 400],
    [
      'a huge option quantity',
      () => ({
        ...plain(),
        selections: [{ preferenceKey: 'size', optionKey: 'regular', quantity: 2 ** 53 }],
      }),
      400,
    ],
    [
      'a NUL byte in an option key',
      () => ({
        productId: id('burger'),
        quantity: 1,
        selections: [{ preferenceKey: 'size', optionKey: 'regular\u0000', quantity: 1 }],
      }),
      400,
    ],
    [
      'an unknown field in a selection',
      () => ({
        ...plain(),
        selections: [{ preferenceKey: 'size', optionKey: 'regular', quantity: 1, priceMinor: 0 }],
      }),
      400,
    ],
    [
      '51 selections',
      () => ({
        ...plain(),
        selections: Array.from({ length: 51 }, () => ({ preferenceKey: 'a', optionKey: 'b', quantity: 1 })),
      }),
      400,
    ],
    ['a line too dear to keep', () => ({ productId: id('caviar'), quantity: 99 }), 400],
    [
      'a line of too many points to keep',
      () => ({ productId: id('caviar'), quantity: 3, payWithPoints: true }),
      400,
    ],
    ['a list instead of an item', () => [plain()], 400],
    ['null', () => null, 400],
  ])('POST …/orders with %s', async (_label, body, status) => {
    const before = await snapshot();
    const response = await api.order(ana, reservationId, body());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.code).toMatch(/^[A-Z_]+$/);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, () => unknown]>([
    ['no items', () => ({ items: [] })],
    ['51 items', () => ({ items: Array.from({ length: 51 }, plain) })],
    ['items that are not a list', () => ({ items: plain() })],
    ['an unknown field', () => ({ items: [plain()], total: 0 })],
  ])('POST …/orders/batch with %s', async (_label, body) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${reservationId}/orders/batch`,
      headers: { origin: t.config.publicUrl, cookie: ana.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(await snapshot()).toMatchObject({ lines: 0 });
  });

  it('a body that is not JSON is 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${reservationId}/orders`,
      headers: { origin: t.config.publicUrl, cookie: ana.cookie, 'content-type': 'application/json' },
      payload: '{"productId": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['not a uuid', 'abc'],
    ['a uuid with a NUL byte', `${UUID.slice(0, -1)}%00`],
    ['an unknown uuid', UUID],
    ['SQL', "1'%20OR%20'1'='1"],
  ])('a reservation id that is %s is 404 on every endpoint', async (_label, bad) => {
    for (const response of [
      await api.list(ana, bad),
      await api.total(ana, bad),
      await api.order(ana, bad, plain()),
      await api.batch(ana, bad, [plain()]),
      await api.patch(ana, bad, UUID, { quantity: 2 }),
      await api.remove(ana, bad, UUID),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('a reservation id over 100 characters is 400', async () => {
    const response = await api.list(ana, 'a'.repeat(101));
    expect(response.statusCode).toBe(400);
  });

  it('an order id that is malformed or of another reservation is 404', async () => {
    const other = await reserve(t.app, ana, reservationInput(restaurant, { date: '2026-03-11' }));
    const [elsewhere] = await placeOrders(t.app, ana, other.id, [plain()]);
    for (const orderId of ['abc', UUID, elsewhere!.id]) {
      for (const response of [
        await api.patch(ana, reservationId, orderId, { quantity: 2 }),
        await api.remove(ana, reservationId, orderId),
      ]) {
        expect(response.statusCode, `${orderId}: ${response.body}`).toBe(404);
      }
    }
    expectStatus(await api.remove(ana, other.id, elsewhere!.id), 204);
  });

  it.each<[string, unknown]>([
    ['nothing to change', {}],
    ['an unknown field', { quantity: 2, priceMinor: 1 }],
    ['quantity 0', { quantity: 0 }],
    ['a NUL byte in the comments', { comments: '\u0000' }],
    ['payWithPoints (not changeable)', { payWithPoints: true }],
  ])('PATCH with %s is 400 and changes nothing', async (_label, body) => {
    const [order] = await placeOrders(t.app, ana, reservationId, [plain()]);
    const response = await api.patch(ana, reservationId, order!.id, body);
    expect(response.statusCode, response.body).toBe(400);
    const [after] = (await api.list(ana, reservationId)).json().items;
    expect(after).toEqual(order);
    expectStatus(await api.remove(ana, reservationId, order!.id), 204);
  });

  it('PATCH with choices that break the rules is 400 and changes nothing', async () => {
    const [order] = await placeOrders(t.app, ana, reservationId, [good()[2]!]);
    for (const selections of [[], [{ preferenceKey: 'size', optionKey: 'huge', quantity: 1 }]]) {
      const response = await api.patch(ana, reservationId, order!.id, { selections });
      expect(response.statusCode).toBe(400);
    }
    expect((await api.list(ana, reservationId)).json().items).toEqual([order]);
    expectStatus(await api.remove(ana, reservationId, order!.id), 204);
  });

  it('no 5xx was logged by any of it', () => {
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
