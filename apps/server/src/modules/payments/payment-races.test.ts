/**
 * The payment rules under simultaneous requests against PostgreSQL, over real HTTP with every
 * diner on their own session and connection (and the app on a pool wide enough for them to meet
 * in the database):
 * - two diners paying the same dish at once: one holds it, the other gets 409 ORDER_ALREADY_PAID
 *   — round after round — and the line is never held beyond its price;
 * - twenty simultaneous additions to one payer's open payment: one entry with the right sums;
 * - diners taking equal shares and dish shares at once: what they hold never exceeds the bill,
 *   and nobody gets a 500.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { signInGuest, type TestSession } from '../../test/sessions.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import {
  allocationsOf,
  buildPaymentsApp,
  countersOf,
  openTable,
  orderPlain,
  pendingPaymentsOf,
  type PaymentsTestApp,
} from './testing.ts';

const ROUNDS = 20;

let database: TestDatabase;
let pool: Database;
let t: PaymentsTestApp<Database>;
let baseUrl: string;
let restaurant: OrdersRestaurant;
let diners: TestSession[];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDatabase(database.connectionString, { max: 24 });
  t = await buildPaymentsApp({
    database: pool,
    config: { authRateLimit: { windowSeconds: 600, perIp: 10_000, perAccount: 10 } },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  restaurant = await insertOrdersRestaurant(database);
  diners = [];
  for (let index = 0; index < 6; index += 1) diners.push(await signInGuest(t.app));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pool?.close();
  await database?.drop();
});

interface Outcome {
  status: number;
  body: { id?: string; amountMinor?: number; tipsMinor?: number; error?: { code: string } };
}

/** One POST as `diner`, over its own HTTP request. */
async function post(diner: TestSession, path: string, body: unknown): Promise<Outcome> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: diner.cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Outcome['body'] };
}

/** Fails with what went wrong when any answer is not one of `allowed`. */
function expectOnly(outcomes: Outcome[], allowed: number[]): void {
  const unexpected = outcomes.filter((outcome) => !allowed.includes(outcome.status));
  expect(
    unexpected,
    JSON.stringify({ unexpected, errors: t.logs.filter((line) => line.level >= 50) }),
  ).toEqual([]);
}

const table = () => openTable(t.app, pool.db, restaurant, diners[0]!, diners.slice(1));
const pay = (diner: TestSession, reservationId: string, split: unknown, paymentType = 'webpay') =>
  post(diner, `/api/reservations/${reservationId}/pending-payments`, {
    paymentType,
    chosenTips: '10',
    split,
  });

describe('two diners paying the same dish at once', () => {
  it(`one wins, the other gets 409 ORDER_ALREADY_PAID — ${ROUNDS} rounds`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const reservationId = await table();
      const dish = await orderPlain(t.app, restaurant, diners[0]!, reservationId);
      const outcomes = await Promise.all(
        [diners[1]!, diners[2]!].map((diner) =>
          pay(diner, reservationId, { mode: 'orders', orderIds: [dish.id] }),
        ),
      );
      expectOnly(outcomes, [201, 409]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([201, 409]);
      expect(outcomes.find((outcome) => outcome.status === 409)?.body.error?.code).toBe('ORDER_ALREADY_PAID');
      expect(await countersOf(pool.db, dish.id)).toMatchObject({ allocatedMinor: 5_000 });
      expect(await allocationsOf(pool.db, dish.id)).toHaveLength(1);
    }
  });

  it('six diners at once, by orders, equal shares, amounts and dish shares: never beyond the price, never a 500', async () => {
    for (let round = 1; round <= 5; round += 1) {
      const reservationId = await table();
      const a = await orderPlain(t.app, restaurant, diners[0]!, reservationId);
      const b = await orderPlain(t.app, restaurant, diners[1]!, reservationId);
      const splits = [
        { mode: 'orders', orderIds: [a.id] },
        { mode: 'equal', parts: 3 },
        { mode: 'amount', amountMinor: 4_000 },
        { mode: 'dish', orderId: b.id, parts: 2 },
        { mode: 'dish', orderId: a.id, parts: 4 },
        { mode: 'equal', parts: 1 },
      ];
      const outcomes = await Promise.all(
        diners.map((diner, index) => pay(diner, reservationId, splits[index])),
      );
      expectOnly(outcomes, [201, 400, 409]);
      const lines = await pool.db
        .select({ allocated: orders.allocatedMinor, price: orders.totalPriceMinor })
        .from(orders)
        .where(eq(orders.reservationId, reservationId));
      const held = (await pendingPaymentsOf(pool.db, reservationId)).reduce(
        (sum, entry) => sum + entry.amountMinor,
        0,
      );
      expect(lines.reduce((sum, line) => sum + line.allocated, 0)).toBe(held);
      for (const line of lines) expect(line.allocated).toBeLessThanOrEqual(line.price);
      expect(outcomes.filter((outcome) => outcome.status === 201).length).toBeGreaterThan(0);
    }
  });
});

describe('merging under simultaneous requests', () => {
  it('20 additions of one payer at once make one open entry with every amount, tip and order once', async () => {
    const reservationId = await table();
    const payer = diners[3]!;
    const dishes: { id: string }[] = [];
    for (let index = 0; index < 10; index += 1)
      dishes.push(await orderPlain(t.app, restaurant, diners[0]!, reservationId));
    // twenty requests: each dish asked for twice, all at once
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        pay(payer, reservationId, { mode: 'orders', orderIds: [dishes[index % 10]!.id] }, 'cash'),
      ),
    );
    expectOnly(outcomes, [200, 201]);
    expect(outcomes.filter((outcome) => outcome.status === 201)).toHaveLength(1);
    const entries = await pendingPaymentsOf(pool.db, reservationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      payerUserId: payer.userId,
      status: 'open',
      amountMinor: 50_000,
      tipsMinor: 5_000,
    });
    expect([...entries[0]!.orderIds].sort()).toEqual(dishes.map((dish) => dish.id).sort());
    for (const dish of dishes) {
      expect(await countersOf(pool.db, dish.id)).toMatchObject({ allocatedMinor: 5_000 });
    }
  });
});
