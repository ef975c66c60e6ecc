/**
 * Who may do what with a table's payments (docs/product.md#roles-and-permissions), endpoint by
 * endpoint and role by role: anonymous (401), a guest and a user who are not at the table, staff
 * of this restaurant and of another (none of them members: 403 for the table's reads and writes,
 * 404 where an id alone would tell them something), a member, a guest member and the payer. A
 * refused call changes nothing. And the live topic: `reservation:<id>` carries the payment events
 * to its members only.
 */
import { PAYMENT_EVENTS, reservationTopic, type LiveServerMessage } from '@comensal/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openLiveClient, type LiveTestClient } from '../../test/live.ts';
import { signInGuest, signUpUser, TEST_ORIGIN, type TestSession } from '../../test/sessions.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import {
  addStaff,
  buildPaymentsApp,
  expectStatus,
  openTable,
  orderPlain,
  paymentApi,
  payCashCall,
  pendingPaymentsOf,
  prepare,
  startCard,
  transactionsOf,
  type PaymentsTestApp,
} from './testing.ts';

let t: PaymentsTestApp;
let baseUrl: string;
let restaurant: OrdersRestaurant;
let api: ReturnType<typeof paymentApi>;
let payer: TestSession;
let member: TestSession;
let guestMember: TestSession;
let guest: TestSession;
let outsider: TestSession;
let staff: TestSession;
let otherStaff: TestSession;
const sockets: LiveTestClient[] = [];

type Role = 'anonymous' | 'guest' | 'outsider' | 'staff' | 'otherStaff' | 'guestMember' | 'member' | 'payer';
const as = (role: Role): TestSession | null =>
  ({ anonymous: null, guest, outsider, staff, otherStaff, guestMember, member, payer })[role];
/** Not at the table: the table's reads and writes are refused. */
const OUTSIDERS = ['anonymous', 'guest', 'outsider', 'staff', 'otherStaff'] as const;
const MEMBERS = ['guestMember', 'member', 'payer'] as const;
const DENIED = (role: (typeof OUTSIDERS)[number]) =>
  role === 'anonymous' ? { status: 401, code: 'UNAUTHENTICATED' } : { status: 403, code: 'FORBIDDEN' };
/** Where an id alone is the key (a payment, a card token), anyone but its payer learns nothing. */
const HIDDEN = (role: Role) => (role === 'anonymous' ? 401 : 404);

beforeAll(async () => {
  t = await buildPaymentsApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
  api = paymentApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db);
  const another = await insertOrdersRestaurant(t.db);
  [payer, member, guestMember, guest, outsider, staff, otherStaff] = await Promise.all([
    signUpUser(t.app, { name: 'Payer' }),
    signUpUser(t.app, { name: 'Member' }),
    signInGuest(t.app),
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Outsider' }),
    signUpUser(t.app, { name: 'Staff' }),
    signUpUser(t.app, { name: 'Other staff' }),
  ]);
  await addStaff(t.db.db, restaurant.restaurant.id, staff.userId, 'owner');
  await addStaff(t.db.db, another.restaurant.id, otherStaff.userId, 'staff');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

/** A table of the payer with both members, and the payer's dish. */
async function setUp() {
  const reservationId = await openTable(t.app, t.db.db, restaurant, payer, [member, guestMember]);
  const order = await orderPlain(t.app, restaurant, payer, reservationId);
  return { reservationId, orderId: order.id };
}
const cashFor = (orderId: string) => ({ paymentType: 'cash', chosenTips: '0', orderIds: [orderId] });

describe('the table’s pending payments: GET and POST …/pending-payments', () => {
  it.each(MEMBERS)('a %s reads them and prepares a payment', async (role) => {
    const { reservationId, orderId } = await setUp();
    expectStatus(await api.create(as(role), reservationId, cashFor(orderId)), 201);
    expect(
      expectStatus<{ items: unknown[] }>(await api.list(as(role), reservationId), 200).items,
    ).toHaveLength(1);
  });

  it.each(OUTSIDERS)('%s is refused both, and nothing is held', async (role) => {
    const { reservationId, orderId } = await setUp();
    for (const response of [
      await api.list(as(role), reservationId),
      await api.create(as(role), reservationId, cashFor(orderId)),
    ]) {
      expect(response.statusCode).toBe(DENIED(role).status);
      expect(response.json().error.code).toBe(DENIED(role).code);
    }
    expect(await pendingPaymentsOf(t.db.db, reservationId)).toEqual([]);
  });

  it('an unknown or malformed reservation is 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await api.list(payer, id)).statusCode).toBe(404);
      expect((await api.create(payer, id, cashFor('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(
        404,
      );
    }
  });
});

describe('cancelling: DELETE …/pending-payments/:id', () => {
  it.each([...OUTSIDERS, 'member', 'guestMember'] as const)(
    '%s may not cancel the payer’s payment',
    async (role) => {
      const { reservationId, orderId } = await setUp();
      const payment = await prepare(t.app, payer, reservationId, cashFor(orderId));
      const response = await api.cancel(as(role), reservationId, payment.id);
      expect(response.statusCode).toBe(role === 'anonymous' ? 401 : 403);
      expect((await pendingPaymentsOf(t.db.db, reservationId))[0]).toMatchObject({ status: 'open' });
    },
  );

  it('the payer cancels; a payment of another table is 404 there', async () => {
    const { reservationId, orderId } = await setUp();
    const other = await setUp();
    const payment = await prepare(t.app, payer, reservationId, cashFor(orderId));
    expect((await api.cancel(payer, other.reservationId, payment.id)).statusCode).toBe(404);
    expect((await api.cancel(payer, reservationId, 'nope')).statusCode).toBe(404);
    expect((await api.cancel(payer, reservationId, payment.id)).statusCode).toBe(204);
  });
});

describe('transactions: GET and POST …/transactions', () => {
  it.each(MEMBERS)('a %s reads them', async (role) => {
    const { reservationId, orderId } = await setUp();
    const payment = await prepare(t.app, payer, reservationId, cashFor(orderId));
    await payCashCall(t.app, payer, reservationId, payment.id);
    expect(
      expectStatus<{ items: unknown[] }>(await api.transactions(as(role), reservationId), 200).items,
    ).toHaveLength(1);
  });

  it.each(OUTSIDERS)('%s may not read them', async (role) => {
    const { reservationId } = await setUp();
    const response = await api.transactions(as(role), reservationId);
    expect(response.statusCode).toBe(DENIED(role).status);
  });

  it.each([...OUTSIDERS, 'member', 'guestMember'] as const)(
    '%s may not pay the payer’s payment',
    async (role) => {
      const { reservationId, orderId } = await setUp();
      const payment = await prepare(t.app, payer, reservationId, cashFor(orderId));
      const response = await api.cash(as(role), reservationId, payment.id);
      expect(response.statusCode).toBe(role === 'anonymous' ? 401 : 403);
      expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
    },
  );
});

describe('Webpay: POST /api/payments/webpay and GET /api/payments/webpay/:token', () => {
  const card = (orderId: string) => ({ paymentType: 'webpay', chosenTips: '0', orderIds: [orderId] });

  it.each([...OUTSIDERS, 'member', 'guestMember'] as const)(
    '%s may not start the payer’s card payment',
    async (role) => {
      const { reservationId, orderId } = await setUp();
      const payment = await prepare(t.app, payer, reservationId, card(orderId));
      const response = await api.startWebpay(as(role), payment.id);
      // a member sees the payment in the list (403); to anyone else it does not exist (404)
      expect(response.statusCode).toBe(role === 'member' || role === 'guestMember' ? 403 : HIDDEN(role));
      expect(await transactionsOf(t.db.db, reservationId)).toEqual([]);
    },
  );

  it.each([...OUTSIDERS, 'member', 'guestMember'] as const)(
    '%s learns nothing of the payer’s card result',
    async (role) => {
      const { reservationId, orderId } = await setUp();
      const payment = await prepare(t.app, payer, reservationId, card(orderId));
      const { token } = await startCard(t.app, payer, payment.id);
      expect((await api.webpayResult(payer, token)).statusCode).toBe(200);
      const response = await api.webpayResult(as(role), token);
      expect(response.statusCode).toBe(HIDDEN(role));
      expect(response.body).not.toContain(reservationId);
    },
  );
});

describe('the receipt: GET /api/transactions/:id/receipt', () => {
  it('of a cash payment (no file): 404 to everyone, the payer included', async () => {
    const { reservationId, orderId } = await setUp();
    const payment = await prepare(t.app, payer, reservationId, cashFor(orderId));
    const transaction = await payCashCall(t.app, payer, reservationId, payment.id);
    for (const role of ['payer', 'staff', 'member', 'outsider'] as const) {
      expect((await api.receipt(as(role), transaction.id)).statusCode).toBe(404);
    }
  });
});

describe('live: reservation:<id> carries the payment events to its members only', () => {
  async function socketOf(session: TestSession | null): Promise<LiveTestClient> {
    const socket = await openLiveClient(baseUrl, {
      origin: TEST_ORIGIN,
      ...(session ? { cookie: session.cookie } : {}),
    });
    sockets.push(socket);
    return socket;
  }

  it.each(OUTSIDERS)('%s may not subscribe', async (role) => {
    const { reservationId } = await setUp();
    const socket = await socketOf(as(role));
    expect(await socket.request({ op: 'subscribe', topic: reservationTopic(reservationId) })).toMatchObject({
      op: 'error',
      code: 'FORBIDDEN',
    });
  });

  it('prepare, pay in cash, cancel: each reaches every member, nothing reaches anyone else', async () => {
    const { reservationId, orderId } = await setUp();
    const topic = reservationTopic(reservationId);
    const memberSocket = await socketOf(member);
    const guestSocket = await socketOf(guestMember);
    const staffSocket = await socketOf(staff);
    for (const socket of [memberSocket, guestSocket]) {
      expect(await socket.request({ op: 'subscribe', topic })).toMatchObject({ op: 'subscribed' });
    }
    expect(await staffSocket.request({ op: 'subscribe', topic })).toMatchObject({ code: 'FORBIDDEN' });

    const payment = await prepare(t.app, payer, reservationId, cashFor(orderId));
    const pendingChanged: LiveServerMessage = {
      topic,
      event: PAYMENT_EVENTS.pendingChanged,
      data: { reservationId, pendingPaymentId: payment.id, transactionId: null },
    };
    for (const socket of [memberSocket, guestSocket]) expect(await socket.next()).toEqual(pendingChanged);

    const transaction = await payCashCall(t.app, payer, reservationId, payment.id);
    for (const socket of [memberSocket, guestSocket]) {
      expect(await socket.next()).toEqual({
        topic,
        event: PAYMENT_EVENTS.transactionChanged,
        data: { reservationId, pendingPaymentId: payment.id, transactionId: transaction.id },
      });
      expect(await socket.next()).toEqual(pendingChanged);
    }
    // a refused write publishes nothing; the staff socket heard none of it
    expect((await api.cancel(member, reservationId, payment.id)).statusCode).toBe(403);
    expect(await memberSocket.request({ op: 'ping' })).toEqual({ op: 'pong' });
    expect(await staffSocket.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });
});
