import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../test/logs.ts';
import {
  getWith,
  postJson,
  sessionTokenOf,
  signInUser,
  signInGuest,
  signUpUser,
  uniqueEmail,
} from '../../test/sessions.ts';
import {
  clientRecordReservations,
  clientRecords,
  favoriteRestaurants,
  joinRequests,
  orders,
  paymentAllocations,
  pendingPayments,
  reservationMembers,
  reservations,
  sessions,
  userPoints,
  users,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { countRowsOf, insertGuestWorld, snapshotRowsOf, type GuestWorld } from './testing/guest-rows.ts';
import { transferGuest } from './transfer-guest.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
});
afterAll(() => t?.close());

const db = () => t.db.db;

/** What the guest had, now the user's: every row, with its details. */
async function expectEverythingMoved(world: GuestWorld, guestId: string, userId: string) {
  const guestRows = await countRowsOf(db(), guestId);
  expect(
    Object.values(guestRows).every((n) => n === 0),
    JSON.stringify(guestRows),
  ).toBe(true);

  const [resA] = await db().select().from(reservations).where(eq(reservations.id, world.reservationA));
  expect(resA?.createdBy).toBe(userId);
  const [resB] = await db().select().from(reservations).where(eq(reservations.id, world.reservationB));
  expect(resB?.createdBy).toBe(world.hostId);
  const members = await db()
    .select({ reservationId: reservationMembers.reservationId })
    .from(reservationMembers)
    .where(eq(reservationMembers.userId, userId));
  expect(members.map((m) => m.reservationId).sort()).toEqual([world.reservationA, world.reservationB].sort());

  const [orderA] = await db().select().from(orders).where(eq(orders.id, world.orderA));
  expect(orderA?.userId).toBe(userId);
  const [orderB] = await db().select().from(orders).where(eq(orders.id, world.orderB));
  expect(orderB).toMatchObject({ userId: world.hostId, paidBy: userId, pendingToConfirmed: true });

  const rows = await countRowsOf(db(), userId);
  expect(rows).toMatchObject({
    'pending_payments.payer_user_id': 1,
    'transactions.payer_user_id': 1,
    'invitations.user_id': 1,
    'invitations.invited_by': 1,
    'join_requests.answered_by': 1,
    'favorite_restaurants.user_id': 1,
    'favorite_products.user_id': 1,
    'error_records.user_id': 1,
  });

  // saved as a client of both restaurants, one entry per reservation
  // (docs/product.md#client-record)
  const records = await db().select().from(clientRecords).where(eq(clientRecords.userId, userId));
  expect(records.map((r) => r.restaurantId).sort()).toEqual(
    [world.restaurantA.restaurant.id, world.restaurantB.restaurant.id].sort(),
  );
  const entries = await db()
    .select()
    .from(clientRecordReservations)
    .where(eq(clientRecordReservations.userId, userId));
  expect(entries).toHaveLength(2);
  expect(entries.find((e) => e.reservationId === world.reservationA)).toMatchObject({
    restaurantId: world.restaurantA.restaurant.id,
    tableNumber: 2,
    pickup: false,
    delivery: false,
    date: resA?.startsAt,
  });
  expect(entries.find((e) => e.reservationId === world.reservationB)).toMatchObject({
    restaurantId: world.restaurantB.restaurant.id,
    tableNumber: null,
    pickup: true,
  });

  expect(await db().select().from(users).where(eq(users.id, guestId))).toEqual([]);
}

describe('guest → user at sign-up', () => {
  it('moves every row the guest owns onto the new account in one go, and deletes the guest', async () => {
    const guest = await signInGuest(t.app);
    const world = await insertGuestWorld(db(), guest.userId, NOW);

    const account = await signUpUser(t.app, {}, { cookie: guest.cookie });
    expect(account.userId).not.toBe(guest.userId);
    await expectEverythingMoved(world, guest.userId, account.userId);
    const [request] = await db()
      .select()
      .from(joinRequests)
      .where(eq(joinRequests.id, world.joinRequestMade));
    expect(request).toMatchObject({ userId: account.userId, status: 'pending' });
    const [points] = await db().select().from(userPoints).where(eq(userPoints.userId, account.userId));
    expect(points?.balance).toBe(50);

    // the guest's session died with it; the new one is a new session id
    expect((await getWith(t.app, '/api/auth/get-session', guest.cookie)).json()).toBeNull();
    expect(sessionTokenOf(account.cookie)).not.toBe(sessionTokenOf(guest.cookie));
    const me = await getWith(t.app, '/api/me', account.cookie);
    expect(me.json()).toMatchObject({
      id: account.userId,
      isGuest: false,
      points: [{ restaurantId: world.restaurantA.restaurant.id, balance: 50 }],
    });
  });
});

describe('guest → existing user at sign-in', () => {
  it('merges into what the user already has: memberships, favourites, points and open pending payments', async () => {
    const existing = await signUpUser(t.app, { email: uniqueEmail('regular') });
    const guest = await signInGuest(t.app);
    const world = await insertGuestWorld(db(), guest.userId, NOW);
    const restaurantA = world.restaurantA.restaurant.id;
    // the user already: joined reservation B, likes restaurant A, has 30 points there, and has an
    // open cash / 10 % payment in reservation A (the guest's one merges into it)
    await db()
      .insert(reservationMembers)
      .values({ reservationId: world.reservationB, userId: existing.userId });
    await db().insert(favoriteRestaurants).values({ userId: existing.userId, restaurantId: restaurantA });
    await db().insert(userPoints).values({ userId: existing.userId, restaurantId: restaurantA, balance: 30 });
    const [own] = await db()
      .insert(pendingPayments)
      .values({
        reservationId: world.reservationA,
        payerUserId: existing.userId,
        amountMinor: 4_000,
        tipsMinor: 400,
        chosenTips: '10',
        paymentType: 'cash',
        orderIds: [],
        expiresAt: new Date(NOW.getTime() + 10 * 60_000),
      })
      .returning();

    // … and has a pending request to join reservation C, as the guest has
    const [ownRequest] = await db()
      .insert(joinRequests)
      .values({ reservationId: world.reservationC, userId: existing.userId })
      .returning();

    const back = await signInUser(t.app, { email: existing.email }, { cookie: guest.cookie });
    expect(back.userId).toBe(existing.userId);
    await expectEverythingMoved(world, guest.userId, existing.userId);

    const [points] = await db()
      .select()
      .from(userPoints)
      .where(and(eq(userPoints.userId, existing.userId), eq(userPoints.restaurantId, restaurantA)));
    expect(points?.balance).toBe(80);
    const payments = await db()
      .select()
      .from(pendingPayments)
      .where(eq(pendingPayments.payerUserId, existing.userId));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      id: own!.id,
      amountMinor: 4_000 + 2 * world.restaurantA.products[0]!.priceMinor,
      tipsMinor: 1_400,
      orderIds: [world.orderA],
      // the later of the two expiries: the guest's entry held its order 15 minutes from NOW
      expiresAt: new Date(NOW.getTime() + 15 * 60_000),
    });
    // what the guest's entry held moved with it: the order stays held once, by the merged entry
    expect(
      await db()
        .select({
          pendingPaymentId: paymentAllocations.pendingPaymentId,
          orderId: paymentAllocations.orderId,
          amountMinor: paymentAllocations.amountMinor,
        })
        .from(paymentAllocations)
        .where(eq(paymentAllocations.orderId, world.orderA)),
    ).toEqual([
      {
        pendingPaymentId: own!.id,
        orderId: world.orderA,
        amountMinor: 2 * world.restaurantA.products[0]!.priceMinor,
      },
    ]);
    const membersB = await db()
      .select()
      .from(reservationMembers)
      .where(eq(reservationMembers.reservationId, world.reservationB));
    expect(membersB.map((m) => m.userId).sort()).toEqual([world.hostId, existing.userId].sort());
    // one pending request per diner and reservation: the guest's is withdrawn
    const requestsC = await db()
      .select({ id: joinRequests.id, userId: joinRequests.userId, status: joinRequests.status })
      .from(joinRequests)
      .where(eq(joinRequests.reservationId, world.reservationC));
    expect(
      requestsC.sort((a, b) => Number(a.id === ownRequest!.id) - Number(b.id === ownRequest!.id)),
    ).toEqual([
      { id: world.joinRequestMade, userId: existing.userId, status: 'cancelled' },
      { id: ownRequest!.id, userId: existing.userId, status: 'pending' },
    ]);
  });

  it('does nothing for a guest that is already gone, or for the user itself', async () => {
    const user = await signUpUser(t.app);
    expect(await transferGuest(db(), { guestId: user.userId, userId: user.userId })).toBeNull();
    const other = await signUpUser(t.app);
    // a real user is never deleted as if it were a guest
    expect(await transferGuest(db(), { guestId: other.userId, userId: user.userId })).toBeNull();
    expect(await db().select().from(users).where(eq(users.id, other.userId))).toHaveLength(1);
  });
});

describe('a transfer that fails half-way', () => {
  it('leaves the guest exactly as it was, refuses the login clearly, and works once the fault is gone', async () => {
    const existing = await signUpUser(t.app, { email: uniqueEmail('unlucky') });
    const guest = await signInGuest(t.app);
    const world = await insertGuestWorld(db(), guest.userId, NOW);
    const guestBefore = await snapshotRowsOf(db(), guest.userId);
    const userBefore = await snapshotRowsOf(db(), existing.userId);
    expect(guestBefore['orders.user_id']).toHaveLength(1);

    // the transactions step runs after memberships, reservations, orders and pending payments moved
    await db().execute(sql`
      CREATE FUNCTION test_refuse_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await db().execute(sql`
      CREATE TRIGGER test_refuse_transfer BEFORE UPDATE OF payer_user_id ON transactions
      FOR EACH ROW EXECUTE FUNCTION test_refuse_transfer()`);
    try {
      const refused = await postJson(
        t.app,
        '/api/auth/sign-in/email',
        { email: existing.email, password: 'correct horse battery' },
        { cookie: guest.cookie },
      );
      expect(refused.statusCode).toBe(500);
      expect(expectErrorLog('Transfer of data went wrong')).toHaveLength(1);
      expect(refused.json()).toEqual({
        code: 'GUEST_TRANSFER_FAILED',
        message: 'Transfer of data went wrong',
      });
      // no cookie: the browser keeps its guest session
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(refused.headers['x-comensal-guest-transfer-failed']).toBeUndefined();

      expect(await snapshotRowsOf(db(), guest.userId)).toEqual(guestBefore);
      expect(await snapshotRowsOf(db(), existing.userId)).toEqual(userBefore);
      const guestSession = await getWith(t.app, '/api/auth/get-session', guest.cookie);
      expect(guestSession.json()).toMatchObject({ user: { id: guest.userId, isAnonymous: true } });
    } finally {
      await db().execute(sql`DROP TRIGGER test_refuse_transfer ON transactions`);
      await db().execute(sql`DROP FUNCTION test_refuse_transfer()`);
    }

    const retry = await signInUser(t.app, { email: existing.email }, { cookie: guest.cookie });
    expect(retry.userId).toBe(existing.userId);
    await expectEverythingMoved(world, guest.userId, existing.userId);
    // only the sign-up session and the retry's remain for the user
    const userSessions = await db().select().from(sessions).where(eq(sessions.userId, existing.userId));
    expect(userSessions.map((s) => s.token).sort()).toEqual(
      [sessionTokenOf(existing.cookie), sessionTokenOf(retry.cookie)].sort(),
    );
  });

  it('keeps a guest who signs up while the transfer fails: the account exists, nobody is signed in', async () => {
    const guest = await signInGuest(t.app);
    await insertGuestWorld(db(), guest.userId, NOW);
    const before = await snapshotRowsOf(db(), guest.userId);
    await db().execute(sql`
      CREATE FUNCTION test_refuse_points() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await db().execute(sql`
      CREATE TRIGGER test_refuse_points BEFORE DELETE ON user_points
      FOR EACH ROW EXECUTE FUNCTION test_refuse_points()`);
    const email = uniqueEmail('new');
    try {
      const refused = await postJson(
        t.app,
        '/api/auth/sign-up/email',
        { email, password: 'correct horse battery', name: 'New' },
        { cookie: guest.cookie },
      );
      expect(refused.statusCode).toBe(500);
      expect(expectErrorLog('Transfer of data went wrong')).toHaveLength(1);
      expect(refused.json()).toMatchObject({ code: 'GUEST_TRANSFER_FAILED' });
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await snapshotRowsOf(db(), guest.userId)).toEqual(before);
    } finally {
      await db().execute(sql`DROP TRIGGER test_refuse_points ON user_points`);
      await db().execute(sql`DROP FUNCTION test_refuse_points()`);
    }
    const [created] = await db().select().from(users).where(eq(users.email, email));
    expect(await db().select().from(sessions).where(eq(sessions.userId, created!.id))).toEqual([]);
    // signing in later moves the guest
    const later = await signInUser(t.app, { email }, { cookie: guest.cookie });
    expect(Object.values(await countRowsOf(db(), guest.userId)).every((n) => n === 0)).toBe(true);
    expect(later.userId).toBe(created!.id);
  });
});
