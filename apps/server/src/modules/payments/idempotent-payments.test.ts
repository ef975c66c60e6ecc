/**
 * The payment creates honour `Idempotency-Key` (docs/security.md#idempotent-creates), against
 * PostgreSQL over real HTTP: a pending payment, a cash payment, a Pago Móvil transfer (multipart)
 * and a Webpay start, each retried with its key, give the stored answer and one row (one card
 * form); simultaneous requests with one key run once. A multipart body is not in the fingerprint
 * (it is read by the route, after the key is claimed): the same key with another form replays the
 * first answer, it is not 422.
 */
import { RECEIPT_FIELD } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { receiptPicture } from '../../payments/receipts/testing/fixtures.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../plugins/idempotency.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { multipartBody } from '../../test/multipart.ts';
import { signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import {
  buildPaymentsApp,
  openTable,
  orderPlain,
  PAGO_MOVIL,
  pendingPaymentsOf,
  prepare,
  transactionsOf,
  webpayCalls,
  type PaymentsTestApp,
} from './testing.ts';

let database: TestDatabase;
let pool: Database;
let t: PaymentsTestApp<Database>;
let baseUrl: string;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let receipt: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDatabase(database.connectionString, { max: 24 });
  t = await buildPaymentsApp({ database: pool });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  restaurant = await insertOrdersRestaurant(database, {
    payments: { webpay: true, cash: true, mobileTransfer: { ...PAGO_MOVIL } },
  });
  ana = await signUpUser(t.app, { name: 'Ana' });
  tom = await signInGuest(t.app);
  receipt = await receiptPicture('png');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await pool?.close();
  await database?.drop();
});

let keys = 0;
const newKey = () => `payment-key-${Date.now()}-${(keys += 1)}`;

interface Outcome {
  status: number;
  replayed: boolean;
  body: { id?: string; token?: string; amountMinor?: number; error?: { code: string } };
}

/** One POST as `as` with `key`, over its own HTTP request: JSON, or a ready multipart body. */
async function post(
  as: TestSession,
  path: string,
  body: unknown,
  key: string | null,
  multipart?: { contentType: string; payload: Buffer },
): Promise<Outcome> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': multipart ? multipart.contentType : 'application/json',
      origin: t.config.publicUrl,
      cookie: as.cookie,
      ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
    },
    body: multipart ? new Uint8Array(multipart.payload) : JSON.stringify(body),
  });
  return {
    status: response.status,
    replayed: response.headers.get(REPLAYED_HEADER) === 'true',
    body: (await response.json()) as Outcome['body'],
  };
}

/** A table of ana's and tom's where ana ordered two plain dishes (10,000). */
async function table() {
  const reservationId = await openTable(t.app, pool.db, restaurant, ana, [tom]);
  const order = await orderPlain(t.app, restaurant, ana, reservationId, 2);
  return { reservationId, orderId: order.id };
}

/** ana's open payment of her dishes by `paymentType`, no tip. */
async function prepared(paymentType: string) {
  const { reservationId, orderId } = await table();
  const payment = await prepare(t.app, ana, reservationId, {
    paymentType,
    chosenTips: '0',
    orderIds: [orderId],
  });
  return { reservationId, payment };
}

let references = 0;
const transferForm = (pendingPaymentId: string, reference = `${90_000_000 + (references += 1)}`) =>
  multipartBody([
    { name: 'pendingPaymentId', data: pendingPaymentId },
    { name: 'bankCode', data: '0102' },
    { name: 'reference', data: reference },
    { name: 'transferDate', data: '2026-03-02' },
    { name: RECEIPT_FIELD, filename: 'recibo.png', contentType: 'image/png', data: receipt },
  ]);

/** The first answer new, the retry the same answer replayed. */
function expectReplayed(first: Outcome, again: Outcome, status: number): void {
  expect(first.status, JSON.stringify(first.body)).toBe(status);
  expect(first.replayed).toBe(false);
  expect(again.status, JSON.stringify(again.body)).toBe(status);
  expect(again.replayed).toBe(true);
  expect(again.body).toEqual(first.body);
}

describe('a retried payment create gets the stored answer and makes one row', () => {
  it('a pending payment by amount: one entry of the amount, not merged twice', async () => {
    const { reservationId } = await table();
    const path = `/api/reservations/${reservationId}/pending-payments`;
    const body = { paymentType: 'cash', chosenTips: '0', split: { mode: 'amount', amountMinor: 3_000 } };
    const key = newKey();
    const first = await post(ana, path, body, key);
    const again = await post(ana, path, body, key);
    expectReplayed(first, again, 201);
    const rows = await pendingPaymentsOf(pool.db, reservationId);
    expect(rows.map((row) => [row.id, row.amountMinor])).toEqual([[first.body.id, 3_000]]);
    // without the key, the same request is a second addition: merged into the open entry
    const unkeyed = await post(ana, path, body, null);
    expect(unkeyed.status).toBe(200);
    expect(unkeyed.body.amountMinor).toBe(6_000);
  });

  it('a cash payment: one transaction', async () => {
    const { reservationId, payment } = await prepared('cash');
    const path = `/api/reservations/${reservationId}/transactions`;
    const key = newKey();
    const first = await post(ana, path, { pendingPaymentId: payment.id }, key);
    const again = await post(ana, path, { pendingPaymentId: payment.id }, key);
    expectReplayed(first, again, 201);
    expect((await transactionsOf(pool.db, reservationId)).map((row) => row.id)).toEqual([first.body.id]);
  });

  it('a Pago Móvil transfer (multipart): one transaction; another form under that key replays too', async () => {
    const { reservationId, payment } = await prepared('mobile_transfer');
    const path = `/api/reservations/${reservationId}/transactions`;
    const key = newKey();
    const form = transferForm(payment.id);
    const first = await post(ana, path, null, key, form);
    const again = await post(ana, path, null, key, form);
    expectReplayed(first, again, 201);
    // the fingerprint covers method, route and parameters, not a multipart body
    const other = await post(ana, path, null, key, transferForm(payment.id));
    expectReplayed(first, other, 201);
    expect((await transactionsOf(pool.db, reservationId)).map((row) => row.id)).toEqual([first.body.id]);
    // a JSON body under the same key is another request
    const cash = await post(ana, path, { pendingPaymentId: payment.id }, key);
    expect(cash.status).toBe(422);
    expect(cash.body.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a Webpay start: the same card form, one transaction asked of Webpay', async () => {
    const { payment } = await prepared('webpay');
    const creates = webpayCalls(t.fake, 'POST').length;
    const key = newKey();
    const first = await post(ana, '/api/payments/webpay', { pendingPaymentId: payment.id }, key);
    const again = await post(ana, '/api/payments/webpay', { pendingPaymentId: payment.id }, key);
    expectReplayed(first, again, 200);
    expect(first.body.token).toEqual(expect.any(String));
    expect(webpayCalls(t.fake, 'POST').length).toBe(creates + 1);
  });
});

describe('simultaneous payment creates with one key run once', () => {
  /** Each answer a 2xx (new or replayed) or 409 IDEMPOTENCY_KEY_IN_USE; exactly one new. */
  function expectRanOnce(outcomes: Outcome[], status: number): Outcome {
    const done = outcomes.filter((outcome) => outcome.status === status);
    const busy = outcomes.filter((outcome) => outcome.status === 409);
    expect(done.length + busy.length, JSON.stringify(outcomes)).toBe(outcomes.length);
    for (const outcome of busy) expect(outcome.body.error?.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    const fresh = done.filter((outcome) => !outcome.replayed);
    expect(fresh).toHaveLength(1);
    for (const outcome of done) expect(outcome.body).toEqual(fresh[0]!.body);
    return fresh[0]!;
  }

  it('pending payments: 12 at once, 3 rounds, one entry of the amount each round', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { reservationId } = await table();
      const path = `/api/reservations/${reservationId}/pending-payments`;
      const body = { paymentType: 'cash', chosenTips: '0', split: { mode: 'amount', amountMinor: 2_500 } };
      const key = newKey();
      const outcomes = await Promise.all(Array.from({ length: 12 }, () => post(tom, path, body, key)));
      const fresh = expectRanOnce(outcomes, 201);
      const rows = await pendingPaymentsOf(pool.db, reservationId);
      expect(rows.map((row) => [row.id, row.amountMinor])).toEqual([[fresh.body.id, 2_500]]);
    }
  }, 60_000);

  it('cash and Pago Móvil payments: 12 at once, one transaction each', async () => {
    const cash = await prepared('cash');
    const cashKey = newKey();
    const cashPath = `/api/reservations/${cash.reservationId}/transactions`;
    const cashOutcomes = await Promise.all(
      Array.from({ length: 12 }, () => post(ana, cashPath, { pendingPaymentId: cash.payment.id }, cashKey)),
    );
    const paidCash = expectRanOnce(cashOutcomes, 201);
    expect((await transactionsOf(pool.db, cash.reservationId)).map((row) => row.id)).toEqual([
      paidCash.body.id,
    ]);

    const transfer = await prepared('mobile_transfer');
    const form = transferForm(transfer.payment.id);
    const transferKey = newKey();
    const transferPath = `/api/reservations/${transfer.reservationId}/transactions`;
    const transferOutcomes = await Promise.all(
      Array.from({ length: 12 }, () => post(ana, transferPath, null, transferKey, form)),
    );
    const paidTransfer = expectRanOnce(transferOutcomes, 201);
    expect((await transactionsOf(pool.db, transfer.reservationId)).map((row) => row.id)).toEqual([
      paidTransfer.body.id,
    ]);
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  }, 60_000);
});
