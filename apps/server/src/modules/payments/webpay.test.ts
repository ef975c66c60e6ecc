/**
 * Paying by card through Webpay Plus (docs/product.md#webpay-plus), with the real adapter and SDK
 * talking to the fake Webpay on loopback: start, the card form's outcomes (approve, reject, abort,
 * time-out, the error page's return), a 500 at commit, a slow answer, twenty simultaneous returns
 * of one token (one commit), replays, garbage returns, the 5-minute token, and what an approval
 * writes: paid lines, the payer on each line, points, the receipt e-mail.
 */
import type { PendingPayment } from '@comensal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../test/logs.ts';
import { mailsTo } from '../../test/outbox.ts';
import { getWith, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import { NOW } from '../reservations/testing.ts';
import {
  allocationsOf,
  buildPaymentsApp,
  countersOf,
  expectStatus,
  openTable,
  orderPlain,
  paymentApi,
  pendingPaymentsOf,
  pointsAt,
  prepare,
  readTotal,
  sendReturn,
  startCard,
  transactionsOf,
  webpayCalls,
  webpayResult,
  type PaymentsTestApp,
} from './testing.ts';

let t: PaymentsTestApp;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let guest: TestSession;
let api: ReturnType<typeof paymentApi>;

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

beforeAll(async () => {
  t = await buildPaymentsApp({ webpayTimeoutMs: 1_000 });
  api = paymentApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db);
  [ana, tom, guest] = await Promise.all([
    signUpUser(t.app, { name: 'Ana', locale: 'es-ES' }),
    signUpUser(t.app, { name: 'Tom', locale: 'en-US' }),
    signInGuest(t.app),
  ]);
});
beforeEach(() => {
  t.clock.set(NOW);
  t.fake.delay(0);
  t.fake.core.repeatedCommit = 'locked';
});
afterAll(() => t?.close());

interface Prepared {
  reservationId: string;
  orderId: string;
  payment: PendingPayment;
}

/** A table where `payer` prepares the card payment of a 10,000 dish with a 10 % tip. */
async function prepared(payer: TestSession = ana): Promise<Prepared> {
  const reservationId = await openTable(t.app, t.db.db, restaurant, ana, [tom, guest]);
  const order = await orderPlain(t.app, restaurant, ana, reservationId, 2);
  const payment = await prepare(t.app, payer, reservationId, {
    paymentType: 'webpay',
    chosenTips: '10',
    orderIds: [order.id],
  });
  return { reservationId, orderId: order.id, payment };
}

const resultPage = (reservationId: string, token: string) =>
  `/restaurants/${restaurant.restaurant.id}/reservations/${reservationId}/payment_successful/${token}`;

describe('approved', () => {
  it('start → form → return → commit: paid lines, payer, points, receipt by e-mail, result to the payer', async () => {
    const { reservationId, orderId, payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    expect(start.url).toBe(`${t.fake.url}/webpayserver/initTransaction`);
    expect(start.token).toMatch(/^[0-9a-f]{64}$/);
    // the amount charged is the pending payment's amount plus its tip
    const [pending] = await transactionsOf(t.db.db, reservationId);
    expect(pending).toMatchObject({
      status: 'pending',
      amountMinor: 10_000,
      tipsMinor: 1_000,
      webpayToken: start.token,
    });
    expect(pending!.buyOrder).toMatch(/^[0-9a-z]{25}$/);
    expect(t.fake.core.openForm(start.token)).toMatchObject({ ok: true, view: { amount: 11_000 } });
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'processing' });

    const back = await t.fake.pay(start.token, 'approve');
    const response = await sendReturn(t.app, back);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(resultPage(reservationId, start.token));

    expect(await webpayResult(t.app, ana, start.token)).toMatchObject({
      status: 'approved',
      reservationId,
      restaurantId: restaurant.restaurant.id,
      currency: 'CLP',
      amountMinor: 10_000,
      tipsMinor: 1_000,
      orderIds: [orderId],
      cardLast4: '6623',
      authorizationCode: '1213',
      pointsEarned: 10, // 1 point per 1,000 of the amount without the tip
    });
    expect(await countersOf(t.db.db, orderId)).toEqual({
      allocatedMinor: 10_000,
      pendingMinor: 0,
      paidMinor: 10_000,
      paidBy: ana.userId,
      paymentType: 'webpay',
      pendingToConfirmed: false,
    });
    expect(await allocationsOf(t.db.db, orderId)).toEqual([
      { pendingPaymentId: payment.id, amountMinor: 10_000, status: 'paid' },
    ]);
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'paid' });
    expect(await readTotal(t.app, tom, reservationId)).toMatchObject({
      paidMinor: 10_000,
      dueMinor: 0,
      heldMinor: 0,
    });
    expect(await pointsAt(t.db.db, ana.userId, restaurant.restaurant.id)).toBe(10);
    const me = (await getWith(t.app, '/api/me', ana.cookie)).json<{
      points: { restaurantId: string; balance: number }[];
    }>();
    expect(me.points).toContainEqual(
      expect.objectContaining({ restaurantId: restaurant.restaurant.id, balance: 10 }),
    );

    const [mail] = (await mailsTo(t.config.dataDir, ana.email)).filter((m) =>
      m.subject?.startsWith('Tu pago'),
    );
    expect(mail?.subject).toBe('Tu pago en Comensal');
    expect(mail?.text).toContain('Tarjeta (Webpay) ···· 6623');
    expect(mail?.text).toContain('2 × Plato de prueba: $10.000');
    expect(mail?.text).toContain('Ganaste 10 puntos');

    // the card's result is its payer's: anyone else gets 404, learning nothing
    for (const other of [tom, guest])
      expect((await api.webpayResult(other, start.token)).statusCode).toBe(404);
    expect((await api.webpayResult(null, start.token)).statusCode).toBe(401);
  });

  it('a replay of the return after approval lands on the same page and commits nothing again', async () => {
    const { reservationId, payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    await sendReturn(t.app, back);
    const replay = await sendReturn(t.app, back);
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe(resultPage(reservationId, start.token));
    expect(webpayCalls(t.fake, 'PUT', start.token)).toHaveLength(1);
    expect(await pointsAt(t.db.db, ana.userId, restaurant.restaurant.id)).toBeGreaterThan(0);
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');
  });

  it('twenty simultaneous returns of one token: one commit, twenty identical redirects', async () => {
    const { reservationId, orderId, payment } = await prepared(tom);
    const start = await startCard(t.app, tom, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    t.fake.delay(50); // the commit takes a while: the others queue behind it
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendReturn(t.app, back)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(303));
    expect(new Set(responses.map((response) => response.headers.location))).toEqual(
      new Set([resultPage(reservationId, start.token)]),
    );
    expect(webpayCalls(t.fake, 'PUT', start.token)).toHaveLength(1);
    expect(await countersOf(t.db.db, orderId)).toMatchObject({ paidMinor: 10_000, allocatedMinor: 10_000 });
  });

  it('a guest pays too: points go to the guest, no e-mail is written', async () => {
    const { payment } = await prepared(guest);
    const start = await startCard(t.app, guest, payment.id);
    await sendReturn(t.app, await t.fake.pay(start.token, 'approve'));
    expect((await webpayResult(t.app, guest, start.token)).status).toBe('approved');
    expect(await pointsAt(t.db.db, guest.userId, restaurant.restaurant.id)).toBe(10);
    expect(await mailsTo(t.config.dataDir, guest.email)).toEqual([]);
    expect(
      t.logs.filter((line) => line.msg === 'e-mail written to the outbox' && line.to === guest.email),
    ).toEqual([]);
  });

  it('a double click on "pay" gets the same card form', async () => {
    const { payment } = await prepared();
    const creates = webpayCalls(t.fake, 'POST').length;
    const first = await startCard(t.app, ana, payment.id);
    const second = await startCard(t.app, ana, payment.id);
    expect(second).toEqual(first);
    expect(webpayCalls(t.fake, 'POST').length).toBe(creates + 1);
  });
});

describe('not paid: the pending payment is open again for another try', () => {
  it.each([
    ['rejected (the card is declined)', 'reject', 'rejected', 1],
    ['aborted ("Anular compra y volver")', 'abort', 'aborted', 0],
    ['timed out on the form', 'timeout', 'timed_out', 0],
    ['back from Webpay’s error page (token_ws and TBK_TOKEN)', 'error', 'aborted', 0],
  ] as const)('%s', async (_label, outcome, status, commits) => {
    const { reservationId, orderId, payment } = await prepared();
    const points = await pointsAt(t.db.db, ana.userId, restaurant.restaurant.id);
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, outcome);
    const response = await sendReturn(t.app, back);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(resultPage(reservationId, start.token));
    expect(webpayCalls(t.fake, 'PUT', start.token)).toHaveLength(commits);
    expect((await webpayResult(t.app, ana, start.token)).status).toBe(status);

    const [entry] = await pendingPaymentsOf(t.db.db, reservationId);
    expect(entry).toMatchObject({ id: payment.id, status: 'open' });
    expect(await countersOf(t.db.db, orderId)).toMatchObject({
      allocatedMinor: 10_000,
      paidMinor: 0,
      paidBy: null,
    });
    expect(await pointsAt(t.db.db, ana.userId, restaurant.restaurant.id)).toBe(points);

    // another try: a new card form, and this time it goes through
    const retry = await startCard(t.app, ana, payment.id);
    expect(retry.token).not.toBe(start.token);
    await sendReturn(t.app, await t.fake.pay(retry.token, 'approve'));
    expect((await webpayResult(t.app, ana, retry.token)).status).toBe('approved');
    expect((await webpayResult(t.app, ana, start.token)).status).toBe(status);
  });
});

describe('when Webpay misbehaves', () => {
  it('a 500 after the commit happened: the status says AUTHORIZED, approved once', async () => {
    const { payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    t.fake.failNext(1, { afterProcessing: true });
    expect((await sendReturn(t.app, back)).statusCode).toBe(303);
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');
    expect(webpayCalls(t.fake, 'PUT', start.token)).toHaveLength(1);
    expect(webpayCalls(t.fake, 'GET', start.token)).toHaveLength(1);
  });

  it('a 500 before the commit happened: the status says INITIALIZED, committed once more', async () => {
    const { payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    t.fake.failNext(1);
    expect((await sendReturn(t.app, back)).statusCode).toBe(303);
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');
    expect(webpayCalls(t.fake, 'PUT', start.token)).toHaveLength(2);
  });

  it('a slow answer within the adapter’s timeout: one commit, approved', async () => {
    const { payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    t.fake.delay(300); // the adapter waits 1 s in this suite
    expect((await sendReturn(t.app, back)).statusCode).toBe(303);
    t.fake.delay(0);
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');
    expect(webpayCalls(t.fake, 'PUT', start.token)).toHaveLength(1);
  });

  it('an answer slower than the adapter’s timeout: the status read settles it, no second commit', async () => {
    const { payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    t.fake.delay(1_500);
    const slow = sendReturn(t.app, back);
    // once the commit reached Webpay (it is done there at once, only its answer is late), answers are quick again
    while (webpayCalls(t.fake, 'PUT', start.token).length === 0) await new Promise((r) => setTimeout(r, 5));
    t.fake.delay(0);
    expect((await slow).statusCode).toBe(303);
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');
    expect(webpayCalls(t.fake, 'PUT', start.token)).toHaveLength(1);
    expect(webpayCalls(t.fake, 'GET', start.token)).toHaveLength(1);
  });

  it('no answer at all: the payment stays pending; asked after its form expired, the status settles it', async () => {
    const { reservationId, payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    const back = await t.fake.pay(start.token, 'approve');
    t.fake.failNext(2); // the commit, then the status read
    const response = await sendReturn(t.app, back);
    expect(response.headers.location).toBe(resultPage(reservationId, start.token));
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('pending');
    t.clock.set(minutes(6));
    // the commit never reached Webpay: still INITIALIZED there, so it timed out (never charged)
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('timed_out');
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'open' });
  });

  it('Webpay down when the payment starts: 503, the pending payment stays open, nothing is written', async () => {
    const { reservationId, payment } = await prepared();
    t.fake.failNext(1, { status: 503 });
    const response = await api.startWebpay(ana, payment.id);
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expectErrorLog('request failed');
    expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'open' });
  });
});

describe('the token lives 5 minutes', () => {
  it('a payment nobody came back from is timed out when its result is asked after 5 minutes', async () => {
    const { reservationId, payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    t.clock.set(minutes(4));
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('pending');
    t.clock.set(minutes(5));
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('timed_out');
    expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({
      status: 'open',
      expiresAt: minutes(20),
    });
  });

  it('…and by anyone reading the bill 10 minutes after it started (nobody asked)', async () => {
    const { reservationId, orderId, payment } = await prepared();
    await startCard(t.app, ana, payment.id);
    t.clock.set(minutes(10));
    await readTotal(t.app, tom, reservationId);
    expect((await transactionsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'timed_out' });
    // … open again, then 15 minutes later released
    t.clock.set(minutes(25));
    expect(await readTotal(t.app, tom, reservationId)).toMatchObject({ heldMinor: 0, dueMinor: 10_000 });
    expect(await countersOf(t.db.db, orderId)).toMatchObject({ allocatedMinor: 0 });
  });
});

describe('the return URL', () => {
  it('takes Transbank’s cross-site form POST even with the session cookie of the app', async () => {
    const { reservationId, payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    await t.fake.pay(start.token, 'approve');
    const response = await sendReturn(
      t.app,
      { method: 'POST', params: { token_ws: start.token } },
      { origin: 'https://webpay3gint.transbank.cl', cookie: ana.cookie },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(resultPage(reservationId, start.token));
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');
  });

  it.each<[string, Record<string, string>, number]>([
    ['no parameters', {}, 400],
    ['an empty token', { token_ws: '' }, 400],
    ['a token with odd characters', { token_ws: '../../etc/passwd' }, 400],
    ['a token too long', { token_ws: 'a'.repeat(65) }, 400],
    ['a bad buy order', { TBK_ORDEN_COMPRA: 'x'.repeat(27) }, 400],
    ['an unknown token', { token_ws: 'f'.repeat(64) }, 404],
    ['an unknown aborted token', { TBK_TOKEN: 'e'.repeat(64), TBK_ORDEN_COMPRA: 'abc' }, 404],
    ['an unknown buy order', { TBK_ORDEN_COMPRA: '0'.repeat(25), TBK_ID_SESION: 's' }, 404],
    ['unrelated fields', { hello: 'world' }, 400],
  ])('refuses %s with %i and changes nothing', async (_label, params, status) => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await sendReturn(t.app, { method, params });
      expect(response.statusCode).toBe(status);
      expect(response.json().error.code).toBe(status === 400 ? 'VALIDATION_FAILED' : 'NOT_FOUND');
    }
  });

  it('refuses a field given twice, and a body that is not a form, with 4xx', async () => {
    const repeated = await t.app.inject({
      method: 'GET',
      url: '/api/payments/webpay/return?token_ws=a&token_ws=b',
    });
    expect(repeated.statusCode).toBe(400);
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webpay/return?token_ws=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token_ws=b',
    });
    expect(both.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webpay/return',
      headers: { 'content-type': 'application/json' },
      payload: '{"token_ws": 5}',
    });
    expect(json.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webpay/return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token_ws=${'a'.repeat(10_000)}`,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('an abort after the payment was approved changes nothing', async () => {
    const { payment } = await prepared();
    const start = await startCard(t.app, ana, payment.id);
    await sendReturn(t.app, await t.fake.pay(start.token, 'approve'));
    await sendReturn(t.app, { method: 'POST', params: { TBK_TOKEN: start.token } });
    expect((await webpayResult(t.app, ana, start.token)).status).toBe('approved');
  });
});

describe('starting: who and what', () => {
  it('refuses another member’s payment (403), a stranger’s (404), a closed one (409), a cash one (400)', async () => {
    const { reservationId, orderId, payment } = await prepared();
    const outsider = await signUpUser(t.app, { name: 'Outsider' });
    expect((await api.startWebpay(tom, payment.id)).statusCode).toBe(403);
    expect((await api.startWebpay(outsider, payment.id)).statusCode).toBe(404);
    expect((await api.startWebpay(null, payment.id)).statusCode).toBe(401);
    expect((await api.startWebpay(ana, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expectStatus(await api.cancel(ana, reservationId, payment.id), 204);
    expect((await api.startWebpay(ana, payment.id)).json().error.code).toBe('PENDING_PAYMENT_CLOSED');
    const cash = await prepare(t.app, ana, reservationId, {
      paymentType: 'cash',
      chosenTips: '0',
      orderIds: [orderId],
    });
    const wrong = await api.startWebpay(ana, cash.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toMatchObject({ reason: 'PAYMENT_TYPE_MISMATCH' });
    expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
  });
});
