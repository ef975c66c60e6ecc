/**
 * The table's order through the app (docs/product.md#orders): ordering one dish and a batch,
 * prices by the domain's rules (options, quantities, discounts, points), the list and the total
 * (each diner's part), edits and deletions with stock and points following, the delivery line of
 * a delivery, pickup orders, pre-orders and the end of the ordering window.
 */
import type { Order, OrderTotal, Reservation } from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { NOW, reservationInput, reserve } from '../reservations/testing.ts';
import {
  addMembers,
  expectStatus,
  insertOrdersRestaurant,
  orderApi,
  placeOrders,
  pointsOf,
  readOrders,
  readTotal,
  setPoints,
  stockOf,
  type OrdersRestaurant,
} from './testing.ts';

let t: TestApp;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let guest: TestSession;
let api: ReturnType<typeof orderApi>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  api = orderApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db, {
    delivery: { enabled: true, mode: 'fixed', priceMinor: 2_500 },
  });
  ana = await signUpUser(t.app, { name: 'Ana' });
  tom = await signUpUser(t.app, { name: 'Tom' });
  guest = await signInGuest(t.app);
});
afterAll(() => t?.close());

let dates = 0;
/** A table reservation on a fresh day (so they never clash), with `members` joined. */
async function table(creator: TestSession, members: TestSession[] = []): Promise<Reservation> {
  const days = [
    '03',
    '04',
    '05',
    '06',
    '07',
    '09',
    '10',
    '11',
    '12',
    '13',
    '14',
    '16',
    '17',
    '18',
    '19',
    '20',
  ];
  const date = `2026-03-${days[dates++ % days.length]}`;
  const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date, startAt: '13:00' }));
  await addMembers(
    t.db.db,
    reservation.id,
    members.map((member) => member.userId),
  );
  return reservation;
}

const id = (key: Parameters<OrdersRestaurant['product']>[0]) => restaurant.product(key);

describe('POST /api/reservations/:id/orders', () => {
  it('orders one dish, priced by the server, and answers the order', async () => {
    const reservation = await table(ana);
    const response = await api.order(ana, reservation.id, {
      productId: id('burger'),
      quantity: 2,
      comments: '  sin cebolla  ',
      selections: [
        { preferenceKey: 'size', optionKey: 'large', quantity: 1 },
        { preferenceKey: 'extras', optionKey: 'cheese', quantity: 2 },
      ],
    });
    const order = expectStatus<Order>(response, 201);
    // unit 8,000 + 1,500 + 2 × 800 = 11,100; 10 % off each unit = 1,110; × 2
    expect(order).toMatchObject({
      reservationId: reservation.id,
      kind: 'item',
      productId: id('burger'),
      product: { name: { es: 'Hamburguesa', en: 'Burger' } },
      quantity: 2,
      comments: 'sin cebolla',
      currency: 'CLP',
      unitPriceMinor: 11_100,
      discountMinor: 2_220,
      priceMinor: 19_980,
      pointsSpent: 0,
      userId: ana.userId,
      user: { id: ana.userId, displayName: 'Ana', photoURL: null },
      payer: null,
      payment: { status: 'due', paidMinor: 0, pendingMinor: 0, dueMinor: 19_980, heldMinor: 0 },
      isEditable: true,
    });
    expect(order.selections).toEqual([
      {
        preferenceKey: 'size',
        optionKey: 'large',
        quantity: 1,
        preferenceName: { es: 'Tamaño', en: 'Size' },
        optionName: { es: 'Grande', en: 'Large' },
        priceMinor: 1_500,
      },
      {
        preferenceKey: 'extras',
        optionKey: 'cheese',
        quantity: 2,
        preferenceName: { es: 'Agregados', en: 'Extras' },
        optionName: { es: 'Queso', en: 'Cheese' },
        priceMinor: 800,
      },
    ]);
  });

  it('keeps no comments as null, and takes a guest member as any diner', async () => {
    const reservation = await table(ana, [guest]);
    const order = expectStatus<Order>(
      await api.order(guest, reservation.id, { productId: id('plain'), quantity: 1, comments: '   ' }),
      201,
    );
    expect(order).toMatchObject({ comments: null, priceMinor: 5_000, userId: guest.userId });
    expect(order.user.displayName).toMatch(/^Invitado \d+$/);
  });

  it('orders for a reservation days ahead (pre-orders) and refuses once it is over or cancelled', async () => {
    const reservation = await table(ana);
    expect((await api.order(ana, reservation.id, { productId: id('plain'), quantity: 1 })).statusCode).toBe(
      201,
    );
    // the end of the reservation: 2026-03-xx 14:00 in Santiago
    t.clock.set(new Date(reservation.time.end));
    try {
      const over = await api.order(ana, reservation.id, { productId: id('plain'), quantity: 1 });
      expect(over.statusCode).toBe(409);
      expect(over.json().error.code).toBe('RESERVATION_CLOSED');
      // one minute before the end it was still open
      t.clock.set(new Date(new Date(reservation.time.end).getTime() - 60_000));
      expect((await api.order(ana, reservation.id, { productId: id('plain'), quantity: 1 })).statusCode).toBe(
        201,
      );
    } finally {
      t.clock.set(NOW);
    }
    const cancelled = await table(ana);
    expectStatus(
      await t.app.inject({
        method: 'POST',
        url: `/api/reservations/${cancelled.id}/cancel`,
        headers: { origin: t.config.publicUrl, cookie: ana.cookie },
      }),
      200,
    );
    const refused = await api.order(ana, cancelled.id, { productId: id('plain'), quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('RESERVATION_CLOSED');
    // members still read what was ordered
    expect(await readOrders(t.app, ana, cancelled.id)).toEqual([]);
  });
});

describe('POST /api/reservations/:id/orders/batch', () => {
  it('sends several dishes at once, in the order given, with one event', async () => {
    const reservation = await table(ana);
    await setPoints(t.db.db, ana.userId, restaurant.restaurant.id, 100);
    const items = await placeOrders(t.app, ana, reservation.id, [
      { productId: id('plain'), quantity: 3 },
      { productId: id('points'), quantity: 2, payWithPoints: true },
      { productId: id('stocked'), quantity: 4 },
      {
        productId: id('burger'),
        quantity: 1,
        selections: [{ preferenceKey: 'size', optionKey: 'regular', quantity: 1 }],
      },
      { productId: id('points'), quantity: 1 },
    ]);
    expect(items.map((item) => [item.productId, item.quantity, item.priceMinor, item.pointsSpent])).toEqual([
      [id('plain'), 3, 15_000, 0],
      [id('points'), 2, 0, 80],
      [id('stocked'), 4, 12_000, 0],
      [id('burger'), 1, 7_200, 0],
      [id('points'), 1, 6_000, 0],
    ]);
    // a line paid with points costs nothing and is paid
    expect(items[1]).toMatchObject({
      unitPriceMinor: 0,
      discountMinor: 0,
      payment: { status: 'paid', dueMinor: 0 },
    });
    expect(await pointsOf(t.db.db, ana.userId, restaurant.restaurant.id)).toBe(20);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(6);
    const listed = await readOrders(t.app, ana, reservation.id);
    expect(listed.map((order) => order.id)).toEqual(items.map((item) => item.id));
    // give the stock back for the other tests
    for (const item of items) expectStatus(await api.remove(ana, reservation.id, item.id), 204);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(10);
    expect(await pointsOf(t.db.db, ana.userId, restaurant.restaurant.id)).toBe(100);
  });
});

describe('GET /api/reservations/:id/orders and /total', () => {
  it("lists every member's dishes with who ordered them, and sums the table and each diner", async () => {
    const reservation = await table(ana, [tom, guest]);
    await placeOrders(t.app, ana, reservation.id, [{ productId: id('plain'), quantity: 2 }]);
    await placeOrders(t.app, tom, reservation.id, [
      { productId: id('untracked'), quantity: 1 },
      { productId: id('plain'), quantity: 1, comments: 'bien cocido' },
    ]);
    const listed = await readOrders(t.app, guest, reservation.id);
    expect(listed.map((order) => [order.user.displayName, order.productId, order.priceMinor])).toEqual([
      ['Ana', id('plain'), 10_000],
      ['Tom', id('untracked'), 4_000],
      ['Tom', id('plain'), 5_000],
    ]);
    // only your own dishes are yours to change
    expect(listed.map((order) => order.isEditable)).toEqual([false, false, false]);
    expect((await readOrders(t.app, tom, reservation.id)).map((order) => order.isEditable)).toEqual([
      false,
      true,
      true,
    ]);

    const total = await readTotal(t.app, guest, reservation.id);
    expect(total).toEqual<OrderTotal>({
      reservationId: reservation.id,
      currency: 'CLP',
      totalMinor: 19_000,
      paidMinor: 0,
      pendingMinor: 0,
      dueMinor: 19_000,
      heldMinor: 0,
      ordersMinor: 19_000,
      deliveryMinor: 0,
      paymentOptions: { methods: ['webpay', 'cash'], mobileTransfer: null, suggestedTipPercent: 10 },
      byDiner: [
        {
          userId: ana.userId,
          displayName: 'Ana',
          photoURL: null,
          itemCount: 2,
          totalMinor: 10_000,
          paidMinor: 0,
          pendingMinor: 0,
          dueMinor: 10_000,
          heldMinor: 0,
        },
        {
          userId: tom.userId,
          displayName: 'Tom',
          photoURL: null,
          itemCount: 2,
          totalMinor: 9_000,
          paidMinor: 0,
          pendingMinor: 0,
          dueMinor: 9_000,
          heldMinor: 0,
        },
      ],
    });
  });

  it('answers an empty order and a zero total', async () => {
    const reservation = await table(ana);
    expect(await readOrders(t.app, ana, reservation.id)).toEqual([]);
    expect(await readTotal(t.app, ana, reservation.id)).toMatchObject({
      totalMinor: 0,
      dueMinor: 0,
      byDiner: [],
    });
  });

  it('counts what the payment counters say is paid and pending (bill rules of the domain)', async () => {
    const reservation = await table(ana);
    const [order] = await placeOrders(t.app, ana, reservation.id, [{ productId: id('plain'), quantity: 2 }]);
    // what the payments work (#12) will write: 6,000 held, of which 1,000 paid and 2,000 pending
    await t.db.db
      .update(orders)
      .set({ allocatedMinor: 6_000, paidMinor: 1_000, pendingMinor: 2_000 })
      .where(eq(orders.id, order!.id));
    const [listed] = await readOrders(t.app, ana, reservation.id);
    expect(listed).toMatchObject({
      isEditable: false,
      payment: {
        status: 'partly_paid',
        paidMinor: 1_000,
        pendingMinor: 2_000,
        dueMinor: 7_000,
        heldMinor: 3_000,
      },
    });
    expect(await readTotal(t.app, ana, reservation.id)).toMatchObject({
      totalMinor: 10_000,
      paidMinor: 1_000,
      pendingMinor: 2_000,
      dueMinor: 7_000,
      heldMinor: 3_000,
    });
  });
});

describe('PATCH /api/reservations/:id/orders/:orderId', () => {
  it('changes quantity, comments and choices, pricing the line again', async () => {
    const reservation = await table(ana);
    const [order] = await placeOrders(t.app, ana, reservation.id, [
      {
        productId: id('burger'),
        quantity: 1,
        selections: [{ preferenceKey: 'size', optionKey: 'regular', quantity: 1 }],
      },
    ]);
    const more = expectStatus<Order>(await api.patch(ana, reservation.id, order!.id, { quantity: 3 }), 200);
    expect(more).toMatchObject({
      quantity: 3,
      unitPriceMinor: 8_000,
      discountMinor: 2_400,
      priceMinor: 21_600,
    });
    const large = expectStatus<Order>(
      await api.patch(ana, reservation.id, order!.id, {
        selections: [
          { preferenceKey: 'size', optionKey: 'large', quantity: 1 },
          { preferenceKey: 'extras', optionKey: 'avocado', quantity: 1 },
        ],
        comments: 'con todo',
      }),
      200,
    );
    // 8,000 + 1,500 + 1,200 = 10,700, 1,070 off, × 3
    expect(large).toMatchObject({
      quantity: 3,
      unitPriceMinor: 10_700,
      priceMinor: 28_890,
      comments: 'con todo',
    });
    expect(large.selections.map((s) => s.optionKey)).toEqual(['large', 'avocado']);
    const cleared = expectStatus<Order>(
      await api.patch(ana, reservation.id, order!.id, { comments: null }),
      200,
    );
    expect(cleared).toMatchObject({ comments: null, priceMinor: 28_890 });
    expect((await readOrders(t.app, ana, reservation.id))[0]).toMatchObject({
      quantity: 3,
      priceMinor: 28_890,
    });
  });

  it('keeps the price of a comment edit, prices more units at the menu price of now, and needs the dish on the menu to add units', async () => {
    const reservation = await table(ana);
    const [order] = await placeOrders(t.app, ana, reservation.id, [
      { productId: id('untracked'), quantity: 3 },
    ]);
    await t.db.db
      .update(products)
      .set({ priceMinor: 4_500 })
      .where(eq(products.id, id('untracked')));
    try {
      const commented = expectStatus<Order>(
        await api.patch(ana, reservation.id, order!.id, { comments: 'sin sal' }),
        200,
      );
      expect(commented).toMatchObject({ unitPriceMinor: 4_000, priceMinor: 12_000, comments: 'sin sal' });
      await t.db.db
        .update(products)
        .set({ hidden: true })
        .where(eq(products.id, id('untracked')));
      const more = await api.patch(ana, reservation.id, order!.id, { quantity: 4 });
      expect(more.statusCode).toBe(409);
      expect(more.json().error).toMatchObject({
        code: 'PRODUCT_UNAVAILABLE',
        details: { productId: id('untracked') },
      });
      // fewer units of a dish that left the menu: fine, at the price of now
      const fewer = expectStatus<Order>(
        await api.patch(ana, reservation.id, order!.id, { quantity: 2 }),
        200,
      );
      expect(fewer).toMatchObject({
        quantity: 2,
        unitPriceMinor: 4_500,
        priceMinor: 9_000,
        comments: 'sin sal',
      });
      expectStatus(await api.remove(ana, reservation.id, order!.id), 204);
    } finally {
      await t.db.db
        .update(products)
        .set({ priceMinor: 4_000, hidden: false })
        .where(eq(products.id, id('untracked')));
    }
  });

  it('changes nothing when asked for the same quantity and choices', async () => {
    const reservation = await table(ana);
    const selections = [{ preferenceKey: 'size', optionKey: 'regular', quantity: 1 }];
    const [order] = await placeOrders(t.app, ana, reservation.id, [
      { productId: id('burger'), quantity: 2, selections },
    ]);
    for (const body of [{ quantity: 2 }, { selections }, { quantity: 2, selections }]) {
      expect(expectStatus<Order>(await api.patch(ana, reservation.id, order!.id, body), 200)).toEqual(order);
    }
    expect(await readOrders(t.app, ana, reservation.id)).toEqual([order]);
  });

  it('takes or gives back the stock difference', async () => {
    const reservation = await table(ana);
    const [order] = await placeOrders(t.app, ana, reservation.id, [
      { productId: id('stocked'), quantity: 2 },
    ]);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(8);
    expectStatus(await api.patch(ana, reservation.id, order!.id, { quantity: 5 }), 200);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(5);
    expectStatus(await api.patch(ana, reservation.id, order!.id, { quantity: 1 }), 200);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(9);
    const tooMany = await api.patch(ana, reservation.id, order!.id, { quantity: 11 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'OUT_OF_STOCK', details: { available: 9 } });
    expect(await stockOf(t.db.db, id('stocked'))).toBe(9);
    expectStatus(await api.remove(ana, reservation.id, order!.id), 204);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(10);
  });

  it('spends or gives back the points difference of a line paid with points', async () => {
    const reservation = await table(tom);
    await setPoints(t.db.db, tom.userId, restaurant.restaurant.id, 100);
    const [order] = await placeOrders(t.app, tom, reservation.id, [
      { productId: id('points'), quantity: 1, payWithPoints: true },
    ]);
    expect(await pointsOf(t.db.db, tom.userId, restaurant.restaurant.id)).toBe(60);
    const two = expectStatus<Order>(await api.patch(tom, reservation.id, order!.id, { quantity: 2 }), 200);
    expect(two).toMatchObject({ priceMinor: 0, pointsSpent: 80 });
    expect(await pointsOf(t.db.db, tom.userId, restaurant.restaurant.id)).toBe(20);
    const short = await api.patch(tom, reservation.id, order!.id, { quantity: 3 });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({
      code: 'NOT_ENOUGH_POINTS',
      details: { balance: 20, needed: 40 },
    });
    expectStatus(await api.patch(tom, reservation.id, order!.id, { quantity: 1 }), 200);
    expect(await pointsOf(t.db.db, tom.userId, restaurant.restaurant.id)).toBe(60);
    expectStatus(await api.remove(tom, reservation.id, order!.id), 204);
    expect(await pointsOf(t.db.db, tom.userId, restaurant.restaurant.id)).toBe(100);
  });

  it('refuses a paid or partly held line (409 ORDER_PAID) and changes nothing', async () => {
    const reservation = await table(ana);
    const [order] = await placeOrders(t.app, ana, reservation.id, [
      { productId: id('stocked'), quantity: 1 },
    ]);
    await t.db.db.update(orders).set({ allocatedMinor: 1 }).where(eq(orders.id, order!.id));
    const [before] = await readOrders(t.app, ana, reservation.id);
    for (const response of [
      await api.patch(ana, reservation.id, order!.id, { quantity: 2 }),
      await api.patch(ana, reservation.id, order!.id, { comments: 'x' }),
      await api.remove(ana, reservation.id, order!.id),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('ORDER_PAID');
    }
    expect(await readOrders(t.app, ana, reservation.id)).toEqual([before]);
    expect(await stockOf(t.db.db, id('stocked'))).toBe(9);
    await t.db.db.update(orders).set({ allocatedMinor: 0 }).where(eq(orders.id, order!.id));
    expectStatus(await api.remove(ana, reservation.id, order!.id), 204);
  });
});

describe('DELETE /api/reservations/:id/orders/:orderId', () => {
  it('deletes your dish; the table no longer counts it', async () => {
    const reservation = await table(ana, [tom]);
    const [mine] = await placeOrders(t.app, ana, reservation.id, [{ productId: id('plain'), quantity: 1 }]);
    await placeOrders(t.app, tom, reservation.id, [{ productId: id('plain'), quantity: 1 }]);
    expectStatus(await api.remove(ana, reservation.id, mine!.id), 204);
    expect((await readOrders(t.app, tom, reservation.id)).map((order) => order.userId)).toEqual([tom.userId]);
    expect((await readTotal(t.app, tom, reservation.id)).totalMinor).toBe(5_000);
    const again = await api.remove(ana, reservation.id, mine!.id);
    expect(again.statusCode).toBe(404);
  });
});

describe('pickup and delivery', () => {
  it('a delivery starts its bill with the delivery line, the creator’s, never changed by diners', async () => {
    const reservation = await reserve(
      t.app,
      ana,
      reservationInput(restaurant, {
        date: '2026-03-21',
        table: undefined,
        delivery: { address: { line: 'Calle 1', location: { lat: -33.44, lng: -70.65 } } },
      }),
    );
    const [line] = await readOrders(t.app, ana, reservation.id);
    expect(line).toMatchObject({
      kind: 'delivery',
      productId: null,
      product: null,
      quantity: 1,
      priceMinor: 2_500,
      userId: ana.userId,
      isEditable: false,
      payment: { status: 'due', dueMinor: 2_500 },
    });
    await placeOrders(t.app, ana, reservation.id, [{ productId: id('plain'), quantity: 2 }]);
    expect(await readTotal(t.app, ana, reservation.id)).toMatchObject({
      totalMinor: 12_500,
      ordersMinor: 10_000,
      deliveryMinor: 2_500,
      byDiner: [{ userId: ana.userId, itemCount: 2, totalMinor: 12_500 }],
    });
    for (const response of [
      await api.patch(ana, reservation.id, line!.id, { quantity: 2 }),
      await api.remove(ana, reservation.id, line!.id),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await readTotal(t.app, ana, reservation.id)).deliveryMinor).toBe(2_500);
  });

  it('a pickup orders like a table', async () => {
    const reservation = await reserve(
      t.app,
      tom,
      reservationInput(restaurant, { date: '2026-03-21', table: undefined, pickup: true }),
    );
    await placeOrders(t.app, tom, reservation.id, [{ productId: id('plain'), quantity: 1 }]);
    expect(await readTotal(t.app, tom, reservation.id)).toMatchObject({
      totalMinor: 5_000,
      deliveryMinor: 0,
    });
  });
});

describe('the OpenAPI document', () => {
  it('describes every order endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths['/api/reservations/{id}/orders'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/reservations/{id}/orders/batch'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/reservations/{id}/orders/{orderId}'] ?? {}).sort()).toEqual([
      'delete',
      'patch',
    ]);
    expect(Object.keys(doc.paths['/api/reservations/{id}/total'] ?? {})).toEqual(['get']);
  });
});
