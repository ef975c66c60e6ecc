/**
 * The order's concurrency rules against PostgreSQL, over real HTTP with every diner on their own
 * session and connection (and the app on a pool wide enough for them to meet in the database):
 * - a dish with stock 10 ordered by 50 diners at 10 tables at once: exactly 10 win, the stock
 *   ends at 0, the others are 409 OUT_OF_STOCK — round after round;
 * - 20 redemptions of one diner at once: the balance never goes below 0 and exactly what the
 *   winners spent is gone;
 * - batches ordering the same dishes in opposite orders at once: no deadlock reaches anyone.
 */
import { and, eq, inArray, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { signInGuest, type TestSession } from '../../test/sessions.ts';
import { NOW, reservationInput, reserve } from '../reservations/testing.ts';
import {
  addMembers,
  insertOrdersRestaurant,
  pointsOf,
  setPoints,
  setStock,
  stockOf,
  type MenuKey,
  type OrdersRestaurant,
} from './testing.ts';

const TABLES = 10;
const PER_TABLE = 5;
const ROUNDS = 5;

let database: TestDatabase;
let pool: Database;
let t: TestApp<Database>;
let baseUrl: string;
let restaurant: OrdersRestaurant;
/** diners[table][seat]; seat 0 made the reservation. */
let diners: TestSession[][];
let reservationIds: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDatabase(database.connectionString, { max: 20 });
  t = await buildTestApp({
    now: NOW,
    database: pool,
    // 50 guests sign in from one address: lift the per-IP sign-in limit for this suite
    config: { authRateLimit: { windowSeconds: 600, perIp: 10_000, perAccount: 10 } },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  restaurant = await insertOrdersRestaurant(database);
  diners = [];
  reservationIds = [];
  for (let table = 0; table < TABLES; table += 1) {
    const seats: TestSession[] = [];
    for (let seat = 0; seat < PER_TABLE; seat += 1) seats.push(await signInGuest(t.app));
    const reservation = await reserve(t.app, seats[0]!, reservationInput(restaurant, { table: undefined }));
    await addMembers(
      pool.db,
      reservation.id,
      seats.slice(1).map((seat) => seat.userId),
    );
    diners.push(seats);
    reservationIds.push(reservation.id);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
  await pool?.close();
  await database?.drop();
});

interface Outcome {
  status: number;
  body: { items?: { id: string }[]; id?: string; error?: { code: string } };
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

const everyDiner = () =>
  diners.flatMap((seats, table) => seats.map((diner) => ({ diner, reservationId: reservationIds[table]! })));

/** Fails with what went wrong when any answer is not one of `allowed`. */
function expectOnly(outcomes: Outcome[], allowed: number[]): void {
  const unexpected = outcomes.filter((outcome) => !allowed.includes(outcome.status));
  expect(
    unexpected,
    JSON.stringify({ unexpected, errors: t.logs.filter((line) => line.level >= 50) }),
  ).toEqual([]);
}

async function unitsOrdered(key: MenuKey): Promise<number> {
  const [row] = await pool.db
    .select({ units: sum(orders.quantity) })
    .from(orders)
    .where(and(inArray(orders.reservationId, reservationIds), eq(orders.productId, restaurant.product(key))));
  return Number(row?.units ?? 0);
}

describe('stock under simultaneous orders', () => {
  it(`50 diners at ${TABLES} tables order the last 10 at once: exactly 10 win, ${ROUNDS} rounds`, async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      await setStock(pool.db, restaurant.product('stocked'), 10);
      const outcomes = await Promise.all(
        everyDiner().map(({ diner, reservationId }) =>
          post(diner, `/api/reservations/${reservationId}/orders`, {
            productId: restaurant.product('stocked'),
            quantity: 1,
          }),
        ),
      );
      expectOnly(outcomes, [201, 409]);
      expect(outcomes.filter((outcome) => outcome.status === 201)).toHaveLength(10);
      for (const outcome of outcomes.filter((o) => o.status === 409)) {
        expect(outcome.body.error?.code).toBe('OUT_OF_STOCK');
      }
      expect(await stockOf(pool.db, restaurant.product('stocked'))).toBe(0);
      expect(await unitsOrdered('stocked')).toBe(10 * round);
    }
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  }, 120_000);

  it('batches of several sizes never take more than there is', async () => {
    await setStock(pool.db, restaurant.product('stockedPoints'), 37);
    const outcomes = await Promise.all(
      everyDiner().map(({ diner, reservationId }, index) =>
        post(diner, `/api/reservations/${reservationId}/orders/batch`, {
          items: [
            { productId: restaurant.product('plain'), quantity: 1 },
            { productId: restaurant.product('stockedPoints'), quantity: 1 + (index % 3) },
          ],
        }),
      ),
    );
    expectOnly(outcomes, [201, 409]);
    const left = await stockOf(pool.db, restaurant.product('stockedPoints'));
    expect(left).toBeGreaterThanOrEqual(0);
    expect((await unitsOrdered('stockedPoints')) + left!).toBe(37);
    // a loser wrote nothing: as many plain dishes as winning batches
    const winners = outcomes.filter((outcome) => outcome.status === 201).length;
    expect(winners).toBeGreaterThan(0);
    expect(await unitsOrdered('plain')).toBe(winners);
  }, 60_000);
});

describe('points under simultaneous redemptions', () => {
  it.each([
    [100, 2],
    [500, 12],
    [1_000, 20],
  ])(
    'one diner with %i points redeems 40 points 20 times at once: %i win',
    async (balance, winners) => {
      const diner = diners[0]![0]!;
      // the diner sits at every table, so the redemptions do not queue behind one reservation
      for (const reservationId of reservationIds) await addMembers(pool.db, reservationId, [diner.userId]);
      await setPoints(pool.db, diner.userId, restaurant.restaurant.id, balance);
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          post(diner, `/api/reservations/${reservationIds[index % TABLES]}/orders`, {
            productId: restaurant.product('points'),
            quantity: 1,
            payWithPoints: true,
          }),
        ),
      );
      expectOnly(outcomes, [201, 409]);
      const won = outcomes.filter((outcome) => outcome.status === 201).length;
      expect(won).toBe(winners);
      for (const outcome of outcomes.filter((o) => o.status === 409)) {
        expect(outcome.body.error?.code).toBe('NOT_ENOUGH_POINTS');
      }
      const left = await pointsOf(pool.db, diner.userId, restaurant.restaurant.id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(balance - left!).toBe(won * 40);
    },
    60_000,
  );
});

describe('no deadlock between batches', () => {
  it('50 batches ordering the same dishes in opposite orders at once all go through, 3 rounds', async () => {
    await setStock(pool.db, restaurant.product('stocked'), 1_000);
    await setStock(pool.db, restaurant.product('stockedPoints'), 1_000);
    const before = {
      stocked: await unitsOrdered('stocked'),
      stockedPoints: await unitsOrdered('stockedPoints'),
    };
    const a = { productId: restaurant.product('stocked'), quantity: 1 };
    const b = { productId: restaurant.product('stockedPoints'), quantity: 1 };
    const c = { productId: restaurant.product('untracked'), quantity: 1 };
    for (let round = 0; round < 3; round += 1) {
      const outcomes = await Promise.all(
        everyDiner().map(({ diner, reservationId }, index) =>
          post(diner, `/api/reservations/${reservationId}/orders/batch`, {
            items: index % 2 === 0 ? [a, c, b] : [b, a, c, b],
          }),
        ),
      );
      expectOnly(outcomes, [201]);
    }
    const evenBatches = 25 * 3;
    const oddBatches = 25 * 3;
    expect((await unitsOrdered('stocked')) - before.stocked).toBe(evenBatches + oddBatches);
    expect((await unitsOrdered('stockedPoints')) - before.stockedPoints).toBe(evenBatches + 2 * oddBatches);
    expect(await stockOf(pool.db, restaurant.product('stocked'))).toBe(1_000 - 150);
    expect(await stockOf(pool.db, restaurant.product('stockedPoints'))).toBe(1_000 - 225);
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  }, 120_000);
});
