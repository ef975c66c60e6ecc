/**
 * Idempotent creates (docs/security.md#idempotent-creates) against PostgreSQL: the same
 * Idempotency-Key and request give the stored answer and one row; the same key with another
 * request is 422; simultaneous requests with one key run once; keys belong to their diner and
 * expire; a refusal is not stored and changes nothing; every opted-in create declares the header.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { idempotencyKeys, invitations, joinRequests, orders, reservations } from '../db/schema.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../modules/orders/testing.ts';
import { NOW, reservationInput, reserve, todayAt } from '../modules/reservations/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { callApi, signInGuest, signUpUser, type TestSession } from '../test/sessions.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, TTL_MS } from './idempotency.ts';

let database: TestDatabase;
let pool: Database;
let t: TestApp<Database>;
let baseUrl: string;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let guest: TestSession;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDatabase(database.connectionString, { max: 20 });
  t = await buildTestApp({ now: NOW, database: pool });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  restaurant = await insertOrdersRestaurant(database);
  ana = await signUpUser(t.app, { name: 'Ana' });
  guest = await signInGuest(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await pool?.close();
  await database?.drop();
});

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

const create = (body: unknown, key: string | null, as: TestSession = ana, url = '/api/reservations') =>
  callApi(t.app, 'POST', url, { as, body, ...(key ? { headers: { [IDEMPOTENCY_HEADER]: key } } : {}) });

async function rows(table: typeof reservations | typeof orders | typeof invitations): Promise<number> {
  const [row] = await pool.db.select({ value: count() }).from(table);
  return row!.value;
}

async function keyRow(userId: string, key: string) {
  const [row] = await pool.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/** A free slot each time (a later day per call), so tests never clash on the table. */
let day = 0;
function freeInput(overrides: Parameters<typeof reservationInput>[1] = {}) {
  day += 1;
  const date = new Date(Date.UTC(2026, 2, 10 + 7 * day)).toISOString().slice(0, 10);
  return reservationInput(restaurant, { date, ...overrides });
}

describe('a retried create', () => {
  it('gets the stored answer again, and makes one row', async () => {
    const key = newKey();
    const input = freeInput();
    const before = await rows(reservations);
    const first = await create(input, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const again = await create(input, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await rows(reservations)).toBe(before + 1);
  });

  it('without a key runs each time (the header is optional)', async () => {
    // an order, as one diner may not hold two reservations at one time (RESERVATION_OVERLAP)
    const reservation = await reserve(t.app, ana, freeInput());
    const url = `/api/reservations/${reservation.id}/orders`;
    const body = { productId: restaurant.product('plain'), quantity: 1 };
    const before = await rows(orders);
    expect((await create(body, null, ana, url)).statusCode).toBe(201);
    expect((await create(body, null, ana, url)).statusCode).toBe(201);
    expect(await rows(orders)).toBe(before + 2);
  });

  it('with the same key and another body is 422 IDEMPOTENCY_KEY_REUSED and writes nothing', async () => {
    const key = newKey();
    expect((await create(freeInput(), key)).statusCode).toBe(201);
    const before = await rows(reservations);
    const other = await create(freeInput(), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      error: { code: 'IDEMPOTENCY_KEY_REUSED', message: expect.any(String) },
    });
    // another route with the same key is another request too
    const reservation = await reserve(t.app, ana, freeInput());
    const elsewhere = await create(
      { email: 'bea@example.com' },
      key,
      ana,
      `/api/reservations/${reservation.id}/invitations`,
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(await rows(reservations)).toBe(before + 1);
  });

  it('belongs to its diner: another diner with the same key gets their own create', async () => {
    const key = newKey();
    const mine = await create(freeInput({ table: undefined }), key, ana);
    const theirs = await create(freeInput({ table: undefined }), key, guest);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('expires after 24 h: then the key runs a new create', async () => {
    const key = newKey();
    const input = freeInput({ table: undefined });
    const first = await create(input, key);
    expect(first.statusCode).toBe(201);
    // cancelled, so that the same booking again overlaps nothing (RESERVATION_OVERLAP)
    const cancelled = await callApi(t.app, 'POST', `/api/reservations/${first.json().id}/cancel`, {
      as: ana,
    });
    expect(cancelled.statusCode).toBe(200);
    try {
      t.clock.set(new Date(NOW.getTime() + TTL_MS + 1_000));
      const later = await create(input, key);
      expect(later.statusCode).toBe(201);
      expect(later.headers[REPLAYED_HEADER]).toBeUndefined();
      expect(later.json().id).not.toBe(first.json().id);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('is refused with a malformed key, in the error shape', async () => {
    for (const key of ['', 'x'.repeat(256), 'has space', 'ñandú']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: {
          origin: t.config.publicUrl,
          cookie: ana.cookie,
          'content-type': 'application/json',
          [IDEMPOTENCY_HEADER]: Buffer.from(key).toString('latin1'),
        },
        payload: JSON.stringify(freeInput()),
      });
      expect(response.statusCode, key).toBe(400);
      expect(response.json(), key).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });
});

describe('a refused create', () => {
  it('is not stored and changes nothing: the retry runs again', async () => {
    const taken = freeInput();
    await reserve(t.app, guest, taken);
    const key = newKey();
    const before = await rows(reservations);
    const refused = await create(taken, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'TABLE_TAKEN' } });
    expect(await keyRow(ana.userId, key)).toBeNull();
    const again = await create(taken, key);
    expect(again.statusCode).toBe(409);
    expect(again.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await rows(reservations)).toBe(before);
  });

  it('without a session is 401, whatever the key', async () => {
    const response = await create(freeInput(), newKey(), null as unknown as TestSession);
    expect(response.statusCode).toBe(401);
  });
});

describe('every create of the API takes a key', () => {
  it('orders, one and in a batch, and invitations: replayed once created', async () => {
    const reservation = await reserve(t.app, ana, freeInput());
    const base = `/api/reservations/${reservation.id}`;
    const cases: [string, unknown, typeof orders | typeof invitations][] = [
      [`${base}/orders`, { productId: restaurant.product('plain'), quantity: 1 }, orders],
      [`${base}/orders/batch`, { items: [{ productId: restaurant.product('plain'), quantity: 2 }] }, orders],
      [`${base}/invitations`, { email: `invited-${Date.now()}@example.com` }, invitations],
    ];
    for (const [url, body, table] of cases) {
      const key = newKey();
      const before = await rows(table);
      const first = await create(body, key, ana, url);
      expect(first.statusCode, url).toBe(201);
      const again = await create(body, key, ana, url);
      expect(again.statusCode, url).toBe(201);
      expect(again.headers[REPLAYED_HEADER], url).toBe('true');
      expect(again.json(), url).toEqual(first.json());
      expect(await rows(table), url).toBe(before + 1);
    }
  });

  it('walk-ins and join requests (table links): replayed once created', async () => {
    try {
      t.clock.set(todayAt('12:10'));
      const body = { ...restaurant.ref(1), quantity: 2 };
      const url = `/api/restaurants/${restaurant.restaurant.id}/walk-ins`;
      const key = newKey();
      const before = await rows(reservations);
      const first = await create(body, key, guest, url);
      expect(first.statusCode, first.body).toBe(201);
      const again = await create(body, key, guest, url);
      expect(again.statusCode).toBe(201);
      expect(again.headers[REPLAYED_HEADER]).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await rows(reservations)).toBe(before + 1);

      // ana asks to join the guest's table: one request, however often it is sent
      const joinUrl = `/api/reservations/${(first.json() as { id: string }).id}/join-requests`;
      const joinKey = newKey();
      const asked = await callApi(t.app, 'POST', joinUrl, {
        as: ana,
        headers: { [IDEMPOTENCY_HEADER]: joinKey },
      });
      expect([200, 201], asked.body).toContain(asked.statusCode);
      const askedAgain = await callApi(t.app, 'POST', joinUrl, {
        as: ana,
        headers: { [IDEMPOTENCY_HEADER]: joinKey },
      });
      expect(askedAgain.headers[REPLAYED_HEADER]).toBe('true');
      expect(askedAgain.json()).toEqual(asked.json());
      const [row] = await pool.db.select({ value: count() }).from(joinRequests);
      expect(row!.value).toBe(1);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('the OpenAPI document declares the header, 409 and 422 on each create', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; responses: object }>
      >;
    };
    const creates = [
      '/api/reservations',
      '/api/reservations/{id}/invitations',
      '/api/reservations/{id}/orders',
      '/api/reservations/{id}/orders/batch',
      '/api/reservations/{id}/join-requests',
      '/api/restaurants/{id}/walk-ins',
      // the payments' (modules/payments/idempotent-payments.test.ts)
      '/api/reservations/{id}/pending-payments',
      '/api/reservations/{id}/transactions',
      '/api/payments/webpay',
    ];
    for (const path of creates) {
      const operation = document.paths[path]?.post;
      expect(operation, path).toBeDefined();
      expect(
        operation!.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER),
        path,
      ).toBe(true);
      expect(Object.keys(operation!.responses), path).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});

describe('simultaneous requests with one key', () => {
  interface Outcome {
    status: number;
    replayed: boolean;
    body: { id?: string; error?: { code: string } };
  }
  async function post(body: unknown, key: string): Promise<Outcome> {
    const response = await fetch(`${baseUrl}/api/reservations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.config.publicUrl,
        cookie: ana.cookie,
        [IDEMPOTENCY_HEADER]: key,
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      replayed: response.headers.get(REPLAYED_HEADER) === 'true',
      body: (await response.json()) as Outcome['body'],
    };
  }

  it('run once: 20 at once, 5 rounds, one row each round, every answer the same reservation', async () => {
    for (let round = 0; round < 5; round += 1) {
      const key = newKey();
      // no table named: without the key, each request would get a table of its own
      const input = freeInput({ table: undefined });
      const before = await rows(reservations);
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => post(input, key)));
      const created = outcomes.filter((outcome) => outcome.status === 201);
      const busy = outcomes.filter((outcome) => outcome.status === 409);
      expect(created.length + busy.length, JSON.stringify(outcomes)).toBe(20);
      for (const outcome of busy) expect(outcome.body.error?.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect(created.filter((outcome) => !outcome.replayed)).toHaveLength(1);
      expect(new Set(created.map((outcome) => outcome.body.id)).size).toBe(1);
      expect(await rows(reservations)).toBe(before + 1);
      expect((await keyRow(ana.userId, key))?.status).toBe(201);
    }
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  }, 60_000);
});
