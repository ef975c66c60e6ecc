/**
 * Who may do what with the table's order (docs/product.md#roles-and-permissions), endpoint by
 * endpoint: anonymous (401), a guest and a user who are not members (403), a guest member, a
 * member, the creator, and for edits the author and the others. A denied call changes nothing.
 * And the live topic: `reservation:<id>` carries the order events to its members only.
 */
import { ORDER_EVENTS, reservationTopic, type LiveServerMessage, type Order } from '@comensal/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { openLiveClient, type LiveTestClient } from '../../test/live.ts';
import { callApi, signInGuest, signUpUser, TEST_ORIGIN, type TestSession } from '../../test/sessions.ts';
import { distinctSlot, NOW, reservationInput, reserve } from '../reservations/testing.ts';
import {
  addMembers,
  countLines,
  expectStatus,
  insertOrdersRestaurant,
  orderApi,
  placeOrders,
  type OrdersRestaurant,
} from './testing.ts';

let t: TestApp;
let baseUrl: string;
let restaurant: OrdersRestaurant;
let creator: TestSession;
let member: TestSession;
let guestMember: TestSession;
let guest: TestSession;
let outsider: TestSession;
let api: ReturnType<typeof orderApi>;
const sockets: LiveTestClient[] = [];

type Role = 'anonymous' | 'guest' | 'outsider' | 'guestMember' | 'member' | 'creator';
const as = (role: Role): TestSession | null =>
  ({ anonymous: null, guest, outsider, guestMember, member, creator })[role];
const DENIED = {
  anonymous: { status: 401, code: 'UNAUTHENTICATED' },
  guest: { status: 403, code: 'FORBIDDEN' },
  outsider: { status: 403, code: 'FORBIDDEN' },
} as const;
const MEMBERS = ['guestMember', 'member', 'creator'] as const;
const OUTSIDERS = ['anonymous', 'guest', 'outsider'] as const;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
  api = orderApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db);
  [creator, member, guestMember, guest, outsider] = await Promise.all([
    signUpUser(t.app, { name: 'Creator' }),
    signUpUser(t.app, { name: 'Member' }),
    signInGuest(t.app),
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Outsider' }),
  ]);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

let slot = 0;
/** A fresh reservation of the creator (no table, so they never clash) with both members in it. */
async function setUp(): Promise<string> {
  slot += 1;
  const reservation = await reserve(
    t.app,
    creator,
    reservationInput(restaurant, { table: undefined, ...distinctSlot(slot) }),
  );
  await addMembers(t.db.db, reservation.id, [member.userId, guestMember.userId]);
  return reservation.id;
}

const dish = () => ({ productId: restaurant.product('plain'), quantity: 1 });

describe('reading: GET …/orders and …/total', () => {
  it.each(MEMBERS)('a %s reads both', async (role) => {
    const id = await setUp();
    await placeOrders(t.app, creator, id, [dish()]);
    expect(expectStatus<{ items: Order[] }>(await api.list(as(role), id), 200).items).toHaveLength(1);
    expect(expectStatus<{ totalMinor: number }>(await api.total(as(role), id), 200).totalMinor).toBe(5_000);
  });

  it.each(OUTSIDERS)('%s is refused', async (role) => {
    const id = await setUp();
    for (const response of [await api.list(as(role), id), await api.total(as(role), id)]) {
      expect(response.statusCode).toBe(DENIED[role].status);
      expect(response.json().error.code).toBe(DENIED[role].code);
    }
  });
});

describe('ordering: POST …/orders and …/orders/batch', () => {
  it.each(MEMBERS)('a %s orders', async (role) => {
    const id = await setUp();
    expectStatus(await api.order(as(role), id, dish()), 201);
    expectStatus(await api.batch(as(role), id, [dish(), dish()]), 201);
    expect(await countLines(t.db.db, [id])).toBe(3);
  });

  it.each(OUTSIDERS)('%s is refused and writes nothing', async (role) => {
    const id = await setUp();
    for (const response of [await api.order(as(role), id, dish()), await api.batch(as(role), id, [dish()])]) {
      expect(response.statusCode).toBe(DENIED[role].status);
      expect(response.json().error.code).toBe(DENIED[role].code);
    }
    expect(await countLines(t.db.db, [id])).toBe(0);
  });

  it('a member who left can no longer order', async () => {
    const id = await setUp();
    expectStatus(await callApi(t.app, 'POST', `/api/reservations/${id}/leave`, { as: member }), 204);
    expect((await api.order(member, id, dish())).statusCode).toBe(403);
  });

  it('a cross-site write is refused before anything runs', async () => {
    const id = await setUp();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${id}/orders`,
      headers: { origin: 'https://evil.example', cookie: member.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(dish()),
    });
    expect(response.statusCode).toBe(403);
    expect(await countLines(t.db.db, [id])).toBe(0);
  });
});

describe('changing: PATCH and DELETE …/orders/:orderId', () => {
  it.each(MEMBERS)('a %s changes and deletes their own dish', async (role) => {
    const id = await setUp();
    const [order] = await placeOrders(t.app, as(role)!, id, [dish()]);
    expect(expectStatus<Order>(await api.patch(as(role), id, order!.id, { quantity: 2 }), 200).quantity).toBe(
      2,
    );
    expectStatus(await api.remove(as(role), id, order!.id), 204);
    expect(await countLines(t.db.db, [id])).toBe(0);
  });

  it.each(['anonymous', 'guest', 'outsider', 'guestMember', 'creator'] as const)(
    "%s cannot change or delete the member's dish",
    async (role) => {
      const id = await setUp();
      const [order] = await placeOrders(t.app, member, id, [dish()]);
      const denied = role === 'guestMember' || role === 'creator' ? DENIED.outsider : DENIED[role];
      for (const response of [
        await api.patch(as(role), id, order!.id, { quantity: 5 }),
        await api.remove(as(role), id, order!.id),
      ]) {
        expect(response.statusCode).toBe(denied.status);
        expect(response.json().error.code).toBe(denied.code);
      }
      expect((await api.list(member, id)).json().items).toEqual([order]);
    },
  );

  it('the author cannot change a dish once the reservation is cancelled', async () => {
    const id = await setUp();
    const [order] = await placeOrders(t.app, member, id, [dish()]);
    expectStatus(await callApi(t.app, 'POST', `/api/reservations/${id}/cancel`, { as: creator }), 200);
    for (const response of [
      await api.patch(member, id, order!.id, { quantity: 2 }),
      await api.remove(member, id, order!.id),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('RESERVATION_CLOSED');
    }
  });
});

describe('live: reservation:<id> carries the order events to its members only', () => {
  async function socketOf(session: TestSession | null): Promise<LiveTestClient> {
    const socket = await openLiveClient(baseUrl, {
      origin: TEST_ORIGIN,
      ...(session ? { cookie: session.cookie } : {}),
    });
    sockets.push(socket);
    return socket;
  }

  const nextEvent = (socket: LiveTestClient): Promise<LiveServerMessage> => socket.next();

  it.each(MEMBERS)('a %s subscribes', async (role) => {
    const id = await setUp();
    const socket = await socketOf(as(role));
    expect(await socket.request({ op: 'subscribe', topic: reservationTopic(id) })).toEqual({
      op: 'subscribed',
      topic: reservationTopic(id),
    });
  });

  it.each(OUTSIDERS)('%s may not subscribe', async (role) => {
    const id = await setUp();
    const socket = await socketOf(as(role));
    expect(await socket.request({ op: 'subscribe', topic: reservationTopic(id) })).toMatchObject({
      op: 'error',
      topic: reservationTopic(id),
      code: 'FORBIDDEN',
    });
  });

  it('created, updated and deleted reach every member once per write, and nothing reaches a non-member', async () => {
    const id = await setUp();
    const topic = reservationTopic(id);
    const memberSocket = await socketOf(member);
    const creatorSocket = await socketOf(creator);
    const outsiderSocket = await socketOf(outsider);
    expect(await memberSocket.request({ op: 'subscribe', topic })).toMatchObject({ op: 'subscribed' });
    expect(await creatorSocket.request({ op: 'subscribe', topic })).toMatchObject({ op: 'subscribed' });
    expect(await outsiderSocket.request({ op: 'subscribe', topic })).toMatchObject({ code: 'FORBIDDEN' });

    const orders = await placeOrders(t.app, guestMember, id, [dish(), dish(), dish()]);
    const writes: [() => Promise<unknown>, string, string[]][] = [
      [async () => undefined, ORDER_EVENTS.created, orders.map((o) => o.id)],
      [
        () => api.patch(guestMember, id, orders[0]!.id, { comments: 'sin sal' }),
        ORDER_EVENTS.updated,
        [orders[0]!.id],
      ],
      [() => api.remove(guestMember, id, orders[1]!.id), ORDER_EVENTS.deleted, [orders[1]!.id]],
    ];
    for (const [write, event, orderIds] of writes) {
      await write();
      const expected = { topic, event, data: { reservationId: id, orderIds } };
      expect(await nextEvent(memberSocket)).toEqual(expected);
      expect(await nextEvent(creatorSocket)).toEqual(expected);
    }

    // a refused write publishes nothing: the next event each member hears is the next write's
    expect((await api.order(outsider, id, dish())).statusCode).toBe(403);
    expect((await api.batch(member, id, [dish(), { ...dish(), quantity: 0 }])).statusCode).toBe(400);
    const hidden = { productId: restaurant.product('hidden'), quantity: 1 };
    expect((await api.batch(member, id, [dish(), hidden])).statusCode).toBe(409);
    const [next] = await placeOrders(t.app, member, id, [dish()]);
    const nextCreated = {
      topic,
      event: ORDER_EVENTS.created,
      data: { reservationId: id, orderIds: [next!.id] },
    };
    expect(await nextEvent(memberSocket)).toEqual(nextCreated);
    expect(await nextEvent(creatorSocket)).toEqual(nextCreated);
    // and the outsider heard none of it
    expect(await outsiderSocket.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });
});
