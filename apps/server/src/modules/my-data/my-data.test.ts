/**
 * GET /api/me/export and DELETE /api/me (docs/privacy.md) against PostgreSQL: what the export
 * holds and never holds, who may delete, what a deletion removes and what stays in the
 * restaurants' books, all or nothing under an injected failure, and deletions racing each other
 * and the diner's own orders.
 */
import { MY_DATA_SECTIONS, type DeleteMeResult, type MyDataExport } from '@comensal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientRecordReservations,
  clientRecords,
  errorRecords,
  favoriteProducts,
  favoriteRestaurants,
  invitations,
  joinRequests,
  orders,
  restaurantStaff,
  staffAudit,
} from '../../db/schema.ts';
import { insertOrdersRestaurant, placeOrders, setPoints, type OrdersRestaurant } from '../orders/testing.ts';
import { openTable, paymentApi } from '../payments/testing.ts';
import { NOW, reservationInput, reserve } from '../reservations/testing.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { expectErrorLog } from '../../test/logs.ts';
import {
  callApi,
  signInGuest,
  signInUser,
  signUpUser,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/sessions.ts';
import { EXPORT_COVERAGE } from './index.ts';

let t: TestApp;
let restaurant: OrdersRestaurant;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  restaurant = await insertOrdersRestaurant(t.db);
});
afterAll(() => t?.close());

const exportOf = (as: TestSession | null) => callApi(t.app, 'GET', '/api/me/export', { as });
const deleteAs = (as: TestSession | null, body?: unknown, headers?: Record<string, string>) =>
  callApi(t.app, 'DELETE', '/api/me', {
    as,
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });

const run = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await t.db.db.execute<T>(query)).rows;

/** Every table's rows as sorted JSON text (the rate limits' counters apart): the whole database. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = await run<{ name: string }>(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
      AND table_name NOT IN ('rate_limits', 'rate_buckets') ORDER BY table_name`);
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await run<{ row: string }>(
      sql`SELECT to_jsonb(x)::text AS row FROM ${sql.identifier(name)} AS x ORDER BY 1`,
    );
    result[name] = rows.map((r) => r.row);
  }
  return result;
}

const countWhere = async (table: string, column: string, userId: string) =>
  Number(
    (
      await run<{ n: string }>(
        sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}::uuid`,
      )
    )[0]?.n,
  );

/** A second diner's reservation at the restaurant (a slot of its own). */
const othersTable = async (owner: TestSession) => openTable(t.app, t.db.db, restaurant, owner);

/**
 * A diner with something in every table the export covers: a reservation with orders and a
 * cash payment, points, favourites, invitations sent and received, a join request, a staff
 * membership with an audited action, a client record, an analytics event and an error record.
 */
async function dinerWithEverything(name: string) {
  const diner = await signUpUser(t.app, { name });
  const friend = await signUpUser(t.app, { name: 'Friend' });
  const reservationId = await openTable(t.app, t.db.db, restaurant, diner, [friend]);
  const [mine, paidForFriend] = await placeOrders(t.app, diner, reservationId, [
    { productId: restaurant.product('plain'), quantity: 2 },
    { productId: restaurant.product('plain'), quantity: 1 },
  ]);
  const pay = paymentApi(t.app);
  const pending = (
    await pay.create(diner, reservationId, { paymentType: 'cash', chosenTips: '0', orderIds: [mine!.id] })
  ).json<{ id: string }>();
  expect((await pay.cash(diner, reservationId, pending.id)).statusCode).toBe(201);
  const db = t.db.db;
  // a line the diner paid (the `payer` of the order), written as the payments module would
  await db.execute(
    sql`UPDATE orders SET paid_by = ${diner.userId}::uuid, paid_at = now() WHERE id = ${paidForFriend!.id}::uuid`,
  );
  const r = restaurant.restaurant.id;
  await setPoints(db, diner.userId, r, 40);
  await db.insert(favoriteRestaurants).values({ userId: diner.userId, restaurantId: r });
  await db.insert(favoriteProducts).values({ userId: diner.userId, productId: restaurant.product('plain') });
  const friendsTable = await othersTable(friend);
  await db.insert(invitations).values([
    {
      userId: friend.userId,
      inviteeEmail: friend.email,
      restaurantId: r,
      reservationId,
      invitedBy: diner.userId,
    },
    {
      userId: diner.userId,
      inviteeEmail: diner.email,
      restaurantId: r,
      reservationId: friendsTable,
      invitedBy: friend.userId,
    },
  ]);
  await db.insert(joinRequests).values({ reservationId: friendsTable, userId: diner.userId });
  await db.insert(restaurantStaff).values({ restaurantId: r, userId: diner.userId, role: 'staff' });
  await db.insert(staffAudit).values({
    restaurantId: r,
    actorUserId: diner.userId,
    actorName: name,
    actorEmail: diner.email,
    action: 'reservation.seat',
    targetType: 'reservation',
    targetId: reservationId,
  });
  // the friend, an owner, once added the diner to the team: the audit keeps the address
  await db.insert(staffAudit).values({
    restaurantId: r,
    actorUserId: friend.userId,
    actorName: 'Friend',
    actorEmail: friend.email,
    action: 'staff.added',
    targetType: 'staff',
    targetId: diner.userId,
    before: null,
    after: { email: diner.email.toUpperCase(), role: 'staff' },
  });
  await db.insert(clientRecords).values({ restaurantId: r, userId: diner.userId }).onConflictDoNothing();
  await db
    .insert(clientRecordReservations)
    .values({
      restaurantId: r,
      userId: diner.userId,
      reservationId,
      date: NOW,
      tableNumber: null,
    })
    .onConflictDoNothing();
  await db
    .insert(errorRecords)
    .values({ content: { message: 'Error al cargar el menú' }, userId: diner.userId });
  return { diner, friend, reservationId, friendsTable, orderIds: [mine!.id, paidForFriend!.id] };
}

describe('GET /api/me/export', () => {
  it('refuses an anonymous caller (401)', async () => {
    const response = await exportOf(null);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('downloads everything the schema ties to the diner, section by section', async () => {
    const { diner, reservationId, orderIds } = await dinerWithEverything('Zoraida Export');
    const response = await exportOf(diner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="comensal-data-2026-03-02.json"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<MyDataExport>();
    expect(data).toMatchObject({ format: 'comensal-my-data', version: 1, exportedAt: NOW.toISOString() });
    expect(data.profile).toMatchObject({
      id: diner.userId,
      email: diner.email,
      displayName: 'Zoraida Export',
    });
    // every covered column with rows of this diner shows in its section
    for (const [table, columns] of Object.entries(EXPORT_COVERAGE)) {
      for (const [column, coverage] of Object.entries(columns)) {
        if (!('section' in coverage) || coverage.section === 'profile') continue;
        const rows = await countWhere(table, column, diner.userId);
        expect(rows, `${table}.${column} has rows of the diner`).toBeGreaterThan(0);
        expect(data[coverage.section].length, `${table}.${column} → ${coverage.section}`).toBeGreaterThan(0);
      }
    }
    for (const section of MY_DATA_SECTIONS) expect(Array.isArray(data[section]), section).toBe(true);
    expect(data.reservations.map((row) => row.id)).toContain(reservationId);
    expect(data.orders.map((row) => row.id).sort()).toEqual([...orderIds].sort());
    expect(data.orders.find((row) => row.id === orderIds[0])).toMatchObject({
      totalPriceMinor: 10_000,
      placedByMe: true,
      currency: restaurant.restaurant.currency,
    });
    expect(data.transactions).toEqual([
      expect.objectContaining({
        amountMinor: 10_000,
        paymentType: 'cash',
        status: 'pending',
        hasReceipt: false,
      }),
    ]);
    expect(data.points).toEqual([expect.objectContaining({ balance: 40 })]);
    expect(data.accounts).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(data.staffMemberships).toEqual([expect.objectContaining({ role: 'staff' })]);
  });

  it('never holds a password hash, a token or a secret', async () => {
    const { diner } = await dinerWithEverything('Secret Keeper');
    const text = (await exportOf(diner)).body;
    const secrets = await run<{ value: string }>(sql`
      SELECT password AS value FROM accounts WHERE user_id = ${diner.userId}::uuid AND password IS NOT NULL
      UNION ALL SELECT token FROM sessions WHERE user_id = ${diner.userId}::uuid
      UNION ALL SELECT share_token FROM reservations WHERE created_by = ${diner.userId}::uuid AND share_token IS NOT NULL`);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const { value } of secrets) expect(text).not.toContain(value);
    const keys = [...text.matchAll(/"([A-Za-z_]+)":/g)].map((match) => match[1]!);
    expect(keys.filter((key) => /password|token|secret|hash/i.test(key))).toEqual([]);
  });

  it('answers a guest its own (guest) data', async () => {
    const guest = await signInGuest(t.app);
    const response = await exportOf(guest);
    expect(response.statusCode).toBe(200);
    expect(response.json<MyDataExport>().profile).toMatchObject({ id: guest.userId, isGuest: true });
  });
});

describe('DELETE /api/me: refusals change nothing', () => {
  let diner: TestSession;
  beforeAll(async () => {
    diner = await signUpUser(t.app, { name: 'Refused Deleter' });
  });

  it('anonymous 401; a wrong, missing, oversized or extra-field confirmation 400; a foreign origin 403', async () => {
    const before = await snapshot();
    expect((await deleteAs(null, { confirm: diner.email })).statusCode).toBe(401);
    const wrong = await deleteAs(diner, { confirm: 'someone-else@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('CONFIRMATION_MISMATCH');
    for (const body of [
      {},
      { confirm: '' },
      { confirm: 'x'.repeat(400) },
      { confirm: diner.email, force: true },
      [],
      'yes',
    ]) {
      const response = await deleteAs(diner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await deleteAs(diner)).statusCode).toBe(400);
    const foreign = await deleteAs(diner, { confirm: diner.email }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect((await callApi(t.app, 'GET', '/api/me', { as: diner })).statusCode).toBe(200);
  });

  it('refuses the last owner of a restaurant (409 LAST_OWNER), allows one with a co-owner', async () => {
    const owner = await signUpUser(t.app, { name: 'Only Owner' });
    const other = await insertOrdersRestaurant(t.db, { name: 'Casa Sola' });
    await t.db.db
      .insert(restaurantStaff)
      .values({ restaurantId: other.restaurant.id, userId: owner.userId, role: 'owner' });
    const before = await snapshot();
    const refused = await deleteAs(owner, { confirm: owner.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'LAST_OWNER',
      details: { restaurants: [{ id: other.restaurant.id, name: 'Casa Sola' }] },
    });
    expect(await snapshot()).toEqual(before);
    const coOwner = await signUpUser(t.app, { name: 'Co Owner' });
    await t.db.db
      .insert(restaurantStaff)
      .values({ restaurantId: other.restaurant.id, userId: coOwner.userId, role: 'owner' });
    expect((await deleteAs(owner, { confirm: owner.email.toUpperCase() })).statusCode).toBe(200);
    const owners = await run<{ user_id: string }>(
      sql`SELECT user_id FROM restaurant_staff WHERE restaurant_id = ${other.restaurant.id}::uuid`,
    );
    expect(owners).toEqual([{ user_id: coOwner.userId }]);
  });
});

describe('DELETE /api/me', () => {
  it('deletes the person, keeps the books anonymised, cancels what is to come; sign-in fails after', async () => {
    const name = 'Zoraida Quintanilla';
    const { diner, friend, reservationId, orderIds } = await dinerWithEverything(name);
    // a reservation still to come, with the friend invited into it
    const upcoming = await reserve(
      t.app,
      diner,
      reservationInput(restaurant, { table: undefined, date: '2026-12-01', startAt: '13:00' }),
    );
    // the evening after the table: the first reservation is over, the second still to come
    t.clock.set(new Date('2026-09-01T12:00:00Z'));
    try {
      const totalsBefore = await run<{ id: string; total_price_minor: number; paid_minor: number }>(
        sql`SELECT id, total_price_minor, paid_minor FROM orders WHERE reservation_id = ${reservationId}::uuid ORDER BY id`,
      );
      const response = await deleteAs(diner, { confirm: ` ${diner.email} ` });
      expect(response.statusCode).toBe(200);
      expect(response.json<DeleteMeResult>()).toEqual({
        deleted: true,
        cancelledReservations: 1,
        anonymisedOrders: 2,
        anonymisedPayments: 1,
      });
      // the cookies are cleared
      const cleared = [response.headers['set-cookie']].flat().join('\n');
      expect(cleared).toMatch(/better-auth\.session_token=;[^\n]*Max-Age=0/);
      expect(cleared).toMatch(/comensal\.device=;[^\n]*Max-Age=0/);

      // the person is gone: no row anywhere holds their id, e-mail or name
      const dump = JSON.stringify(await snapshot());
      expect(dump).not.toContain(diner.userId);
      expect(dump.toLowerCase()).not.toContain(diner.email.toLowerCase());
      expect(dump).not.toContain(name);
      // they cannot sign in, and their old session is dead
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload: JSON.stringify({ email: diner.email, password: TEST_PASSWORD }),
      });
      expect(signIn.statusCode).toBe(401);
      expect((await callApi(t.app, 'GET', '/api/me', { as: diner })).statusCode).toBe(401);
      expect((await exportOf(diner)).statusCode).toBe(401);

      // the restaurant's books: same lines, same amounts, under a guest-like placeholder
      const after = await run<{ id: string; total_price_minor: number; paid_minor: number }>(
        sql`SELECT id, total_price_minor, paid_minor FROM orders WHERE reservation_id = ${reservationId}::uuid ORDER BY id`,
      );
      expect(after).toEqual(totalsBefore);
      const placeholders = await run<{
        name: string;
        email: string;
        is_anonymous: boolean;
        sessions: string;
        accounts: string;
      }>(sql`
        SELECT u.name, u.email, u.is_anonymous,
          (SELECT count(*) FROM sessions WHERE user_id = u.id) AS sessions,
          (SELECT count(*) FROM accounts WHERE user_id = u.id) AS accounts
        FROM users AS u WHERE u.id IN (SELECT user_id FROM orders WHERE id IN (${orderIds[0]}::uuid, ${orderIds[1]}::uuid))`);
      expect(placeholders).toEqual([
        {
          name: expect.stringMatching(/^Invitado \d+$/),
          email: expect.stringMatching(/^deleted-.+@deleted\.invalid$/),
          is_anonymous: true,
          sessions: '0',
          accounts: '0',
        },
      ]);
      const transactions = await run<{ amount_minor: number }>(
        sql`SELECT amount_minor FROM transactions WHERE reservation_id = ${reservationId}::uuid`,
      );
      expect(transactions).toEqual([{ amount_minor: 10_000 }]);
      // the friend still reads the bill of the table, with the same total
      const total = await callApi(t.app, 'GET', `/api/reservations/${reservationId}/total`, { as: friend });
      expect(total.statusCode).toBe(200);
      // the reservation still to come was cancelled
      const [upcomingRow] = await run<{ status: string }>(
        sql`SELECT status FROM reservations WHERE id = ${upcoming.id}::uuid`,
      );
      expect(upcomingRow).toEqual({ status: 'cancelled' });
    } finally {
      t.clock.set(NOW);
    }
  });

  it('deletes a guest with nothing in the books without leaving a placeholder', async () => {
    const guest = await signInGuest(t.app);
    const usersBefore = Number((await run<{ n: string }>(sql`SELECT count(*) AS n FROM users`))[0]?.n);
    const response = await deleteAs(guest, { confirm: guest.email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ anonymisedOrders: 0, anonymisedPayments: 0 });
    expect(Number((await run<{ n: string }>(sql`SELECT count(*) AS n FROM users`))[0]?.n)).toBe(
      usersBefore - 1,
    );
  });

  it('changes nothing at all when a failure strikes half-way (the user row refuses to go)', async () => {
    const { diner } = await dinerWithEverything('Half Way');
    t.clock.set(new Date('2026-09-01T12:00:00Z'));
    await t.db.db.execute(
      sql.raw(`
      CREATE FUNCTION refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$;
      CREATE TRIGGER refuse_user_delete BEFORE DELETE ON users
        FOR EACH ROW WHEN (OLD.id = '${diner.userId}') EXECUTE FUNCTION refuse_user_delete();`),
    );
    try {
      const before = await snapshot();
      const response = await deleteAs(diner, { confirm: diner.email });
      expect(response.statusCode).toBe(500);
      expect(response.json().error.code).toBe('INTERNAL');
      expect(expectErrorLog('request failed')).toHaveLength(1);
      expect(await snapshot()).toEqual(before);
    } finally {
      await t.db.db.execute(
        sql.raw('DROP TRIGGER refuse_user_delete ON users; DROP FUNCTION refuse_user_delete();'),
      );
      t.clock.set(NOW);
    }
    // still there, still able to sign in
    expect((await signInUser(t.app, { email: diner.email })).cookie).not.toBe('');
    expect((await callApi(t.app, 'GET', '/api/me', { as: diner })).statusCode).toBe(200);
  });
});

describe('DELETE /api/me under concurrency', () => {
  it('two deletions at once: one 200, the other 401, never a 5xx', async () => {
    const diner = await signUpUser(t.app, { name: 'Twice Deleted' });
    const second = await signInUser(t.app, { email: diner.email });
    const answers = await Promise.all([
      deleteAs(diner, { confirm: diner.email }),
      deleteAs(second, { confirm: diner.email }),
      deleteAs(diner, { confirm: diner.email }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 401, 401]);
    expect(await countWhere('users', 'id', diner.userId)).toBe(0);
  });

  it('a deletion racing the diner’s own orders: every order is either refused or kept anonymised', async () => {
    for (let round = 0; round < 3; round += 1) {
      const diner = await signUpUser(t.app, { name: `Racing Diner ${round}` });
      const reservationId = await openTable(t.app, t.db.db, restaurant, diner);
      const line = { productId: restaurant.product('plain'), quantity: 1 };
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, () =>
          callApi(t.app, 'POST', `/api/reservations/${reservationId}/orders/batch`, {
            as: diner,
            body: { items: [line] },
          }),
        ),
        deleteAs(diner, { confirm: diner.email }),
      ]);
      const deletion = answers.at(-1)!;
      expect(deletion.statusCode, deletion.body).toBe(200);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
      const created = answers.slice(0, 4).filter((answer) => answer.statusCode === 201).length;
      const lines = await run<{ user_id: string }>(
        sql`SELECT user_id FROM ${orders} WHERE reservation_id = ${reservationId}::uuid`,
      );
      expect(lines).toHaveLength(created);
      expect(lines.every((row) => row.user_id !== diner.userId)).toBe(true);
      expect(await countWhere('users', 'id', diner.userId)).toBe(0);
    }
  });

  it('two owners of one restaurant deleting at once: one goes, the last one is refused', async () => {
    const shared = await insertOrdersRestaurant(t.db, { name: 'Casa Compartida' });
    const a = await signUpUser(t.app, { name: 'Owner A' });
    const b = await signUpUser(t.app, { name: 'Owner B' });
    await t.db.db.insert(restaurantStaff).values([
      { restaurantId: shared.restaurant.id, userId: a.userId, role: 'owner' },
      { restaurantId: shared.restaurant.id, userId: b.userId, role: 'owner' },
    ]);
    const answers = await Promise.all([deleteAs(a, { confirm: a.email }), deleteAs(b, { confirm: b.email })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const owners = await run<{ n: string }>(
      sql`SELECT count(*) AS n FROM restaurant_staff WHERE restaurant_id = ${shared.restaurant.id}::uuid AND role = 'owner'`,
    );
    expect(owners).toEqual([{ n: '1' }]);
  });
});
