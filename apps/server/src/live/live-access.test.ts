/**
 * Live access follows membership and sessions, over real WebSockets against the test app
 * (docs/product.md#websocket-protocol): a diner who leaves a reservation stops receiving it at
 * once, a socket closes when its session ends (signed out, or gone without a word), and sockets
 * are capped per session and per client address.
 */
import {
  LIVE_CLOSE,
  RESERVATION_EVENTS,
  reservationTopic,
  USER_RESERVATIONS_TOPIC,
} from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reservationMembers, sessions } from '../db/schema.ts';
import { insertTestRestaurant, NOW, reservationInput, reserve } from '../modules/reservations/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { openLiveClient, type LiveTestClient } from '../test/live.ts';
import {
  callApi,
  postJson,
  signInGuest,
  signUpUser,
  TEST_ORIGIN,
  type TestSession,
} from '../test/sessions.ts';

let t: TestApp;
let baseUrl: string;
const open: LiveTestClient[] = [];

async function client(as?: TestSession) {
  const socket = await openLiveClient(baseUrl, { origin: TEST_ORIGIN, ...(as ? { cookie: as.cookie } : {}) });
  open.push(socket);
  return socket;
}

/** Nothing was pushed to `socket` before now: the next thing it gets is the answer to a ping. */
async function expectNothingPending(socket: LiveTestClient) {
  expect(await socket.request({ op: 'ping' })).toEqual({ op: 'pong' });
}

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    config: { liveLimits: { maxSocketsPerSession: 2, maxSocketsPerAddress: 6 } },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
});

afterAll(async () => {
  for (const socket of open) socket.close();
  await t?.close();
});

describe('live access follows membership', () => {
  it('drops the subscription of a diner who leaves, before any later event reaches them', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    const creator = await signUpUser(t.app, { name: 'Creadora' });
    const member = await signInGuest(t.app);
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { table: undefined }));
    await t.db.db.insert(reservationMembers).values({ reservationId: reservation.id, userId: member.userId });
    const topic = reservationTopic(reservation.id);

    const creatorSocket = await client(creator);
    const memberSocket = await client(member);
    expect(await creatorSocket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    expect(await memberSocket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });

    const left = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, { as: member });
    expect(left.statusCode).toBe(204);
    // the one who left is told their subscription is gone, and never gets the event
    expect(await memberSocket.next()).toMatchObject({ op: 'error', code: 'FORBIDDEN', topic });
    expect(await creatorSocket.next()).toEqual({
      topic,
      event: RESERVATION_EVENTS.membersChanged,
      data: { reservationId: reservation.id },
    });

    // later events of the reservation reach the creator only (a waiter is called while it is on)
    t.clock.set(new Date(reservation.time.start));
    const called = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/assistance`, {
      as: creator,
    });
    t.clock.set(NOW);
    expect(called.statusCode).toBe(200);
    expect(await creatorSocket.next()).toMatchObject({ topic, event: RESERVATION_EVENTS.assistanceChanged });
    await expectNothingPending(memberSocket);
    // and subscribing again is refused
    expect(await memberSocket.request({ op: 'subscribe', topic })).toMatchObject({
      op: 'error',
      code: 'FORBIDDEN',
    });
  });
});

describe('live access follows the session', () => {
  it('closes the sockets of a session at once when it signs out, and only those', async () => {
    const diner = await signUpUser(t.app);
    const otherTab = await signUpUser(t.app);
    const socket = await client(diner);
    const bystander = await client(otherTab);
    expect(await socket.request({ op: 'subscribe', topic: USER_RESERVATIONS_TOPIC })).toMatchObject({
      op: 'subscribed',
    });
    const signOut = await postJson(t.app, '/api/auth/sign-out', {}, { cookie: diner.cookie });
    expect(signOut.statusCode).toBe(200);
    expect(await socket.closed).toBe(LIVE_CLOSE.sessionEnded.code);
    await expectNothingPending(bystander);
  });

  it('closes the sockets of a session that ended without a word (expired, deleted) at the next check', async () => {
    const diner = await signUpUser(t.app);
    const socket = await client(diner);
    const [row] = await t.db.db.select().from(sessions).where(eq(sessions.userId, diner.userId));
    await t.db.db
      .update(sessions)
      .set({ expiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(sessions.id, row!.id));
    await t.app.live.closeEndedSessions();
    expect(await socket.closed).toBe(LIVE_CLOSE.sessionEnded.code);
  });
});

describe('socket caps', () => {
  // the earlier tests' sockets come from the same address: close them all first
  beforeEach(async () => {
    for (const socket of open.splice(0)) socket.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('closes a session’s sockets over its cap with a stable code, others still open', async () => {
    const diner = await signUpUser(t.app);
    const first = await client(diner);
    const second = await client(diner);
    const third = await client(diner);
    expect(await third.closed).toBe(LIVE_CLOSE.tooManySockets.code);
    await expectNothingPending(first);
    await expectNothingPending(second);
    // one closes: there is room again
    second.close();
    await second.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await client(diner);
    await expectNothingPending(again);
    first.close();
    again.close();
    await Promise.all([first.closed, again.closed]);
  });

  it('caps the sockets of one client address whoever holds them', async () => {
    const sockets = await Promise.all(Array.from({ length: 6 }, () => client()));
    const over = await client();
    expect(await over.closed).toBe(LIVE_CLOSE.tooManySockets.code);
    for (const socket of sockets) await expectNothingPending(socket);
    for (const socket of sockets) socket.close();
    await Promise.all(sockets.map((socket) => socket.closed));
  });
});
