/**
 * Choosing what to pay (docs/product.md#splitting-the-bill): the four split forms, tips, the
 * merge of a payer's open entry, cancelling, the 15-minute hold with the clock moved, and what
 * the bill shows meanwhile — every amount from the server, shares adding up exactly.
 */
import type { PendingPayment } from '@comensal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/database.ts';
import { callApi, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import {
  insertOrdersRestaurant,
  orderApi,
  placeOrders,
  setPoints,
  type OrdersRestaurant,
} from '../orders/testing.ts';
import { NOW } from '../reservations/testing.ts';
import {
  allocationsOf,
  buildPaymentsApp,
  countersOf,
  expectStatus,
  openTable,
  orderPlain,
  PAGO_MOVIL,
  paymentApi,
  pendingPaymentsOf,
  prepare,
  readOrders,
  readPendingPayments,
  readTotal,
  type PaymentsTestApp,
} from './testing.ts';

let t: PaymentsTestApp<TestDatabase>;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let eva: TestSession;
let api: ReturnType<typeof paymentApi>;

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

beforeAll(async () => {
  t = await buildPaymentsApp();
  api = paymentApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db, {
    payments: { webpay: true, cash: true, mobileTransfer: { ...PAGO_MOVIL } },
  });
  [ana, tom, eva] = await Promise.all([
    signUpUser(t.app, { name: 'Ana' }),
    signUpUser(t.app, { name: 'Tom' }),
    signInGuest(t.app),
  ]);
});
afterAll(() => t?.close());

const table = () => openTable(t.app, t.db.db, restaurant, ana, [tom, eva]);
const card = (split: unknown, chosenTips = '0') => ({ paymentType: 'webpay', chosenTips, split });

describe('paying chosen orders', () => {
  it('the payer’s own orders by default: each for what is left of it, tip on the amount', async () => {
    const id = await table();
    const mine = await orderPlain(t.app, restaurant, ana, id, 2); // 10,000
    await orderPlain(t.app, restaurant, tom, id); // 5,000, not chosen
    const response = await api.create(ana, id, {
      paymentType: 'cash',
      chosenTips: '10',
      orderIds: [mine.id],
    });
    const payment = expectStatus<PendingPayment>(response, 201);
    expect(payment).toMatchObject({
      reservationId: id,
      payer: { id: ana.userId, displayName: 'Ana' },
      currency: 'CLP',
      amountMinor: 10_000,
      tipsMinor: 1_000,
      totalMinor: 11_000,
      chosenTips: '10',
      paymentType: 'cash',
      orderIds: [mine.id],
      allocations: [{ orderId: mine.id, amountMinor: 10_000 }],
      status: 'open',
      expiresAt: minutes(15).toISOString(),
      transaction: null,
    });
    expect(await countersOf(t.db.db, mine.id)).toMatchObject({ allocatedMinor: 10_000, paidMinor: 0 });
  });

  it('any unpaid order of the table, by any member (a guest too)', async () => {
    const id = await table();
    const toms = await orderPlain(t.app, restaurant, tom, id);
    const payment = await prepare(t.app, eva, id, {
      paymentType: 'cash',
      chosenTips: '0',
      orderIds: [toms.id],
    });
    expect(payment).toMatchObject({ payer: { id: eva.userId }, amountMinor: 5_000, tipsMinor: 0 });
  });

  it('refuses an order that is held or paid (409 ORDER_ALREADY_PAID), one of another table (404), and changes nothing', async () => {
    const id = await table();
    const other = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    const elsewhere = await orderPlain(t.app, restaurant, ana, other);
    await prepare(t.app, tom, id, card({ mode: 'orders', orderIds: [order.id] }));

    const taken = await api.create(ana, id, card({ mode: 'orders', orderIds: [order.id] }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
      details: { orderIds: [order.id] },
    });
    const unknown = await api.create(ana, id, card({ mode: 'orders', orderIds: [elsewhere.id] }));
    expect(unknown.statusCode).toBe(404);
    expect((await pendingPaymentsOf(t.db.db, id)).map((entry) => entry.payerUserId)).toEqual([tom.userId]);
    expect(await countersOf(t.db.db, elsewhere.id)).toMatchObject({ allocatedMinor: 0 });
  });

  it('a dish paid with points costs nothing: it is paid already, and a bill of such dishes owes nothing', async () => {
    const id = await table();
    await setPoints(t.db.db, ana.userId, restaurant.restaurant.id, 100);
    const [free] = await placeOrders(t.app, ana, id, [
      { productId: restaurant.product('points'), quantity: 1, payWithPoints: true },
    ]);
    const chosen = await api.create(ana, id, card({ mode: 'orders', orderIds: [free!.id] }));
    expect(chosen.json().error).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
      details: { orderIds: [free!.id] },
    });
    const share = await api.create(ana, id, card({ mode: 'equal', parts: 1 }));
    expect(share.statusCode).toBe(409);
    expect(share.json().error.code).toBe('NOTHING_DUE');
  });
});

describe('an equal share: 1 of N of what is still due', () => {
  it('three diners each choosing "1 of how many are left" pay exactly the due, the last takes the leftover', async () => {
    const id = await table();
    await orderPlain(t.app, restaurant, ana, id); // 5,000
    await placeOrders(t.app, tom, id, [{ productId: restaurant.product('untracked'), quantity: 1 }]); // 4,000
    await placeOrders(t.app, eva, id, [{ productId: restaurant.product('stocked'), quantity: 1 }]); // 3,000
    const first = await prepare(t.app, ana, id, card({ mode: 'equal', parts: 3 }));
    const second = await prepare(t.app, tom, id, card({ mode: 'equal', parts: 2 }));
    const third = await prepare(t.app, eva, id, card({ mode: 'equal', parts: 1 }));
    expect([first.amountMinor, second.amountMinor, third.amountMinor]).toEqual([4_000, 4_000, 4_000]);
    const total = await readTotal(t.app, ana, id);
    expect(total).toMatchObject({ totalMinor: 12_000, dueMinor: 12_000, heldMinor: 12_000 });
    expect(first.allocations).toEqual([{ orderId: expect.any(String), amountMinor: 4_000 }]);
    expect(second.allocations.map((a) => a.amountMinor)).toEqual([1_000, 3_000]);
    expect(third.allocations.map((a) => a.amountMinor)).toEqual([1_000, 3_000]);
    expect((await api.create(ana, id, card({ mode: 'equal', parts: 1 }, '10'))).json().error.code).toBe(
      'NOTHING_DUE',
    );
  });

  it('shares that do not divide: floor for each, the leftover to the last (10,001 in three)', async () => {
    const id = await table();
    await orderPlain(t.app, restaurant, ana, id, 2); // 10,000
    await t.db.db.execute(
      // one more peso on the bill (a price the menu would not give, to leave a leftover)
      sql`UPDATE orders SET total_price_minor = total_price_minor + 1 WHERE reservation_id = ${id}::uuid`,
    );
    const amounts = [];
    for (const [payer, parts] of [
      [ana, 3],
      [tom, 2],
      [eva, 1],
    ] as const) {
      amounts.push((await prepare(t.app, payer, id, card({ mode: 'equal', parts }))).amountMinor);
    }
    expect(amounts).toEqual([3_333, 3_334, 3_334]);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(10_001);
  });

  it('refuses more parts than minor units left (409 NOTHING_DUE, SHARE_TOO_SMALL)', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    await prepare(t.app, ana, id, card({ mode: 'amount', amountMinor: 4_998 }));
    const response = await api.create(tom, id, card({ mode: 'equal', parts: 3 }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'NOTHING_DUE',
      details: { reason: 'SHARE_TOO_SMALL', dueMinor: 2 },
    });
    expect(await countersOf(t.db.db, order.id)).toMatchObject({ allocatedMinor: 4_998 });
  });
});

describe('a custom amount', () => {
  it('takes 1..due, spread over the lines oldest first', async () => {
    const id = await table();
    const a = await orderPlain(t.app, restaurant, ana, id);
    const b = await orderPlain(t.app, restaurant, tom, id);
    const payment = await prepare(t.app, eva, id, card({ mode: 'amount', amountMinor: 7_000 }, '15'));
    expect(payment).toMatchObject({
      amountMinor: 7_000,
      tipsMinor: 1_050,
      allocations: [
        { orderId: a.id, amountMinor: 5_000 },
        { orderId: b.id, amountMinor: 2_000 },
      ],
    });
  });

  it('refuses more than is due (400 AMOUNT_EXCEEDS_DUE) and changes nothing', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    const response = await api.create(ana, id, card({ mode: 'amount', amountMinor: 5_001 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'AMOUNT_EXCEEDS_DUE', dueMinor: 5_000 },
    });
    expect(await pendingPaymentsOf(t.db.db, id)).toEqual([]);
    expect(await countersOf(t.db.db, order.id)).toMatchObject({ allocatedMinor: 0 });
  });
});

describe('a share of one dish', () => {
  it('three diners each paying a third of one pizza add up to its price', async () => {
    const id = await table();
    const [pizza] = await placeOrders(t.app, ana, id, [
      { productId: restaurant.product('plain'), quantity: 2 },
    ]);
    await t.db.db.execute(sql`UPDATE orders SET total_price_minor = 10000 WHERE id = ${pizza!.id}::uuid`);
    const shares = [];
    for (const payer of [ana, tom, eva]) {
      shares.push(
        (await prepare(t.app, payer, id, card({ mode: 'dish', orderId: pizza!.id, parts: 3 }))).amountMinor,
      );
    }
    expect(shares).toEqual([3_333, 3_333, 3_334]);
    expect(await countersOf(t.db.db, pizza!.id)).toMatchObject({ allocatedMinor: 10_000 });
    const fourth = await api.create(ana, id, card({ mode: 'dish', orderId: pizza!.id, parts: 3 }, '10'));
    expect(fourth.json().error).toMatchObject({
      code: 'ORDER_ALREADY_PAID',
      details: { orderIds: [pizza!.id] },
    });
  });
});

describe('tips: required, computed by the server on the amount', () => {
  it.each([
    ['0', undefined, 0],
    ['10', undefined, 500], // 10 % of 4,995 = 499.5 → 500 (half up)
    ['15', undefined, 749], // 749.25 → 749
    ['20', undefined, 999],
    ['custom', 500, 500],
    ['custom', 0, 0],
  ])('chosenTips %s (%s) → %i', async (chosenTips, tipsMinor, expected) => {
    const id = await table();
    await orderPlain(t.app, restaurant, ana, id);
    const payment = await prepare(t.app, ana, id, {
      paymentType: 'webpay',
      chosenTips,
      ...(tipsMinor === undefined ? {} : { tipsMinor }),
      split: { mode: 'amount', amountMinor: 4_995 },
    });
    expect(payment).toMatchObject({ amountMinor: 4_995, tipsMinor: expected, totalMinor: 4_995 + expected });
  });

  it.each([
    [
      'no choice',
      { paymentType: 'cash', orderIds: ['00000000-0000-4000-8000-000000000000'] },
      'VALIDATION_FAILED',
    ],
    [
      'a custom tip without custom',
      { paymentType: 'cash', chosenTips: '10', tipsMinor: 5 },
      'VALIDATION_FAILED',
    ],
    ['custom without its amount', { paymentType: 'cash', chosenTips: 'custom' }, 'VALIDATION_FAILED'],
    ['a percent not offered', { paymentType: 'cash', chosenTips: '12' }, 'VALIDATION_FAILED'],
  ])('refuses %s (400)', async (_label, body, code) => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    const response = await api.create(ana, id, { orderIds: [order.id], ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
  });

  it('refuses a custom tip above the amount (400 INVALID_TIPS)', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    const response = await api.create(ana, id, {
      paymentType: 'cash',
      chosenTips: 'custom',
      tipsMinor: 5_001,
      orderIds: [order.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toMatchObject({ reason: 'INVALID_TIPS' });
    expect(await countersOf(t.db.db, order.id)).toMatchObject({ allocatedMinor: 0 });
  });
});

describe('merging: one open entry per payer, tips choice and payment type', () => {
  it('adds amounts, tips and orders; an order added again counts once; 200 for a merge', async () => {
    const id = await table();
    const a = await orderPlain(t.app, restaurant, ana, id);
    const b = await orderPlain(t.app, restaurant, ana, id);
    const first = expectStatus<PendingPayment>(
      await api.create(ana, id, { paymentType: 'cash', chosenTips: '10', orderIds: [a.id] }),
      201,
    );
    t.clock.set(minutes(5));
    const merged = expectStatus<PendingPayment>(
      await api.create(ana, id, { paymentType: 'cash', chosenTips: '10', orderIds: [a.id, b.id] }),
      200,
    );
    const again = expectStatus<PendingPayment>(
      await api.create(ana, id, { paymentType: 'cash', chosenTips: '10', orderIds: [b.id] }),
      200,
    );
    t.clock.set(NOW);
    expect(merged.id).toBe(first.id);
    expect(again).toMatchObject({
      id: first.id,
      amountMinor: 10_000,
      tipsMinor: 1_000,
      orderIds: [a.id, b.id],
      allocations: [
        { orderId: a.id, amountMinor: 5_000 },
        { orderId: b.id, amountMinor: 5_000 },
      ],
      // the hold runs 15 minutes from the last change
      expiresAt: minutes(20).toISOString(),
    });
    expect(await countersOf(t.db.db, a.id)).toMatchObject({ allocatedMinor: 5_000 });
  });

  it('another tips choice or payment type is an entry of its own', async () => {
    const id = await table();
    const a = await orderPlain(t.app, restaurant, ana, id);
    const b = await orderPlain(t.app, restaurant, ana, id);
    const c = await orderPlain(t.app, restaurant, ana, id);
    await prepare(t.app, ana, id, { paymentType: 'cash', chosenTips: '10', orderIds: [a.id] });
    await prepare(t.app, ana, id, { paymentType: 'cash', chosenTips: '20', orderIds: [b.id] });
    await prepare(t.app, ana, id, { paymentType: 'webpay', chosenTips: '10', orderIds: [c.id] });
    expect(await readPendingPayments(t.app, tom, id)).toHaveLength(3);
  });

  it('two shares of one dish by the same payer merge into one allocation', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    await prepare(t.app, tom, id, card({ mode: 'dish', orderId: order.id, parts: 4 }));
    const twice = await prepare(t.app, tom, id, card({ mode: 'dish', orderId: order.id, parts: 4 }));
    expect(twice).toMatchObject({
      amountMinor: 2_500,
      allocations: [{ orderId: order.id, amountMinor: 2_500 }],
    });
    expect(await allocationsOf(t.db.db, order.id)).toEqual([
      { pendingPaymentId: twice.id, amountMinor: 2_500, status: 'held' },
    ]);
  });
});

describe('payment types the restaurant takes', () => {
  it('refuses Webpay where prices are not in pesos, and a type switched off (409 PAYMENT_TYPE_NOT_OFFERED)', async () => {
    const euros = await insertOrdersRestaurant(t.db, {
      country: 'ES',
      timeZone: 'America/Santiago',
      payments: { webpay: true, cash: false, mobileTransfer: null },
    });
    const id = await openTable(t.app, t.db.db, euros, ana);
    const [order] = await placeOrders(t.app, ana, id, [{ productId: euros.product('plain'), quantity: 1 }]);
    for (const paymentType of ['webpay', 'cash', 'mobile_transfer']) {
      const response = await api.create(ana, id, { paymentType, chosenTips: '0', orderIds: [order!.id] });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'PAYMENT_TYPE_NOT_OFFERED',
        details: { offered: [] },
      });
    }
    const total = await readTotal(t.app, ana, id);
    expect(total.paymentOptions).toEqual({ methods: [], mobileTransfer: null, suggestedTipPercent: 10 });
  });

  it('the bill tells members how they can pay, with the Pago Móvil payee for the copy buttons', async () => {
    const id = await table();
    expect((await readTotal(t.app, eva, id)).paymentOptions).toEqual({
      methods: ['webpay', 'mobile_transfer', 'cash'],
      mobileTransfer: PAGO_MOVIL,
      suggestedTipPercent: 10,
    });
  });
});

describe('cancel and expiry', () => {
  it('the payer cancels an open payment: its orders are free again; again is the same answer', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    const payment = await prepare(t.app, ana, id, card({ mode: 'orders', orderIds: [order.id] }));
    expect((await api.cancel(tom, id, payment.id)).statusCode).toBe(403);
    expect((await api.cancel(ana, id, payment.id)).statusCode).toBe(204);
    expect((await api.cancel(ana, id, payment.id)).statusCode).toBe(204);
    expect(await countersOf(t.db.db, order.id)).toMatchObject({ allocatedMinor: 0 });
    expect(await allocationsOf(t.db.db, order.id)).toEqual([
      { pendingPaymentId: payment.id, amountMinor: 5_000, status: 'released' },
    ]);
    expect(await readPendingPayments(t.app, ana, id)).toEqual([]);
    await prepare(t.app, tom, id, card({ mode: 'orders', orderIds: [order.id] }));
  });

  it('an open payment left 15 minutes expires: its holds are released when the bill is next read or written', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    const payment = await prepare(t.app, tom, id, card({ mode: 'orders', orderIds: [order.id] }));
    // held: the author cannot change it, nobody else can pay it
    const edit = await orderApi(t.app).patch(ana, id, order.id, { quantity: 2 });
    expect(edit.json().error.code).toBe('ORDER_PAID');
    expect((await readOrders(t.app, ana, id))[0]).toMatchObject({
      isEditable: false,
      payment: { status: 'due', dueMinor: 5_000, heldMinor: 5_000 },
    });

    t.clock.set(minutes(14));
    expect(await countersOf(t.db.db, order.id)).toMatchObject({ allocatedMinor: 5_000 });
    expect((await readTotal(t.app, ana, id)).heldMinor).toBe(5_000);

    t.clock.set(minutes(15));
    try {
      const total = await readTotal(t.app, ana, id);
      expect(total).toMatchObject({ dueMinor: 5_000, heldMinor: 0 });
      expect((await pendingPaymentsOf(t.db.db, id))[0]).toMatchObject({
        id: payment.id,
        status: 'expired',
        expiresAt: null,
      });
      expect(await allocationsOf(t.db.db, order.id)).toEqual([
        { pendingPaymentId: payment.id, amountMinor: 5_000, status: 'released' },
      ]);
      // an expired payment can no longer be used or cancelled; the dish changes again
      const cancel = await api.cancel(tom, id, payment.id);
      expect(cancel.statusCode).toBe(204);
      expect((await orderApi(t.app).patch(ana, id, order.id, { quantity: 2 })).statusCode).toBe(200);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('an order write releases expired holds too (no read needed)', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    await prepare(t.app, tom, id, card({ mode: 'orders', orderIds: [order.id] }));
    t.clock.set(minutes(16));
    try {
      expect((await orderApi(t.app).remove(ana, id, order.id)).statusCode).toBe(204);
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('the reservation', () => {
  it('a cancelled reservation takes no payment (409 RESERVATION_CLOSED)', async () => {
    const id = await table();
    const order = await orderPlain(t.app, restaurant, ana, id);
    expect(
      (await callApi(t.app, 'POST', `/api/reservations/${id}/cancel`, { as: ana })).statusCode,
    ).toBeLessThan(300);
    const response = await api.create(ana, id, card({ mode: 'orders', orderIds: [order.id] }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('RESERVATION_CLOSED');
  });

  it('one that is over still takes payments (the bill outlives the table)', async () => {
    const id = await table();
    await orderPlain(t.app, restaurant, ana, id);
    t.clock.set(new Date('2026-03-11T12:00:00Z'));
    try {
      await prepare(t.app, ana, id, card({ mode: 'equal', parts: 1 }));
    } finally {
      t.clock.set(NOW);
    }
  });
});
