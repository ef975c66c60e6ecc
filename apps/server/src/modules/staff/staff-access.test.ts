/**
 * Who may use each staff endpoint (docs/product.md#staff-console), table-driven: every endpoint ×
 * anonymous, a guest, a diner (a member of the table concerned), staff of another restaurant,
 * staff of this restaurant and its owner — allowed calls do what they say, refused ones answer
 * the documented status and change nothing (the database is compared before and after). Also:
 * the receipt to the payer and the restaurant's staff only, and the staff live topic to the
 * restaurant's staff only.
 */
import { RECEIPT_FIELD, staffTopic } from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservations, restaurantStaff, transactions } from '../../db/schema.ts';
import { receiptPicture } from '../../payments/receipts/testing/fixtures.ts';
import { openLiveClient, type LiveTestClient } from '../../test/live.ts';
import { multipartBody } from '../../test/multipart.ts';
import { signInGuest, signUpUser, TEST_ORIGIN, uniqueEmail, type TestSession } from '../../test/sessions.ts';
import { insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import {
  addStaff,
  buildPaymentsApp,
  openTable,
  orderPlain,
  PAGO_MOVIL,
  prepare,
  type PaymentsTestApp,
} from '../payments/testing.ts';
import { auditCount, staffApi, tableWithCashToConfirm, type CashTable } from './testing.ts';

let t: PaymentsTestApp;
let baseUrl: string;
let restaurant: OrdersRestaurant;
let elsewhere: OrdersRestaurant;
let diner: TestSession;
let guest: TestSession;
let otherStaff: TestSession;
let staff: TestSession;
let owner: TestSession;
let api: ReturnType<typeof staffApi>;
const sockets: LiveTestClient[] = [];

const ROLES = ['anonymous', 'guest', 'diner', 'otherStaff', 'staff', 'owner'] as const;
type Role = (typeof ROLES)[number];
const as = (role: Role): TestSession | null =>
  ({ anonymous: null, guest, diner, otherStaff, staff, owner })[role];

beforeAll(async () => {
  t = await buildPaymentsApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
  api = staffApi(t.app);
  const payments = { webpay: true, cash: true, mobileTransfer: { ...PAGO_MOVIL } };
  restaurant = await insertOrdersRestaurant(t.db, { payments });
  elsewhere = await insertOrdersRestaurant(t.db, { payments });
  [diner, guest, otherStaff, staff, owner] = await Promise.all([
    signUpUser(t.app, { name: 'Diner' }),
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Other staff' }),
    signUpUser(t.app, { name: 'Staff' }),
    signUpUser(t.app, { name: 'Owner' }),
  ]);
  await addStaff(t.db.db, restaurant.restaurant.id, staff.userId, 'staff');
  await addStaff(t.db.db, restaurant.restaurant.id, owner.userId, 'owner');
  await addStaff(t.db.db, elsewhere.restaurant.id, otherStaff.userId, 'owner');
}, 60_000);
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

interface Fixture extends CashTable {
  restaurantId: string;
  productId: string;
  /** A staff member an owner may remove (only for the cases that ask: sign-ups are rate limited). */
  removableUserId: string;
}

async function fixture(withRemovable = false): Promise<Fixture> {
  const table = await tableWithCashToConfirm(t.app, t.db.db, restaurant, diner);
  const removable = withRemovable ? await signUpUser(t.app, { name: 'Removable' }) : null;
  if (removable) await addStaff(t.db.db, restaurant.restaurant.id, removable.userId, 'staff');
  await t.db.db
    .update(reservations)
    .set({ requestedAssistance: true })
    .where(eq(reservations.id, table.reservationId));
  return {
    ...table,
    restaurantId: restaurant.restaurant.id,
    productId: restaurant.product('untracked'),
    removableUserId: removable?.userId ?? '',
  };
}

/** What a refused call must leave as it was. */
async function snapshot(fx: Fixture) {
  const db = t.db.db;
  const [transaction] = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, fx.transaction.id));
  const [reservation] = await db
    .select({
      status: reservations.status,
      requestedAssistance: reservations.requestedAssistance,
      ordersReadyNotification: reservations.ordersReadyNotification,
    })
    .from(reservations)
    .where(eq(reservations.id, fx.reservationId));
  const [product] = await db
    .select({ price: products.priceMinor, hidden: products.hidden, imageUrl: products.imageUrl })
    .from(products)
    .where(eq(products.id, fx.productId));
  const members = await db
    .select({ userId: restaurantStaff.userId })
    .from(restaurantStaff)
    .where(eq(restaurantStaff.restaurantId, fx.restaurantId));
  return {
    transaction,
    reservation,
    product,
    members: members.map((m) => m.userId).sort(),
    audit: await auditCount(db, fx.restaurantId),
    auditElsewhere: await auditCount(db, elsewhere.restaurant.id),
  };
}

/**
 * `scope`: `restaurant` routes name the restaurant (403 to anyone who does not work there);
 * `thing` routes name a transaction or a reservation (404: they learn nothing of it).
 */
interface Case {
  name: string;
  scope: 'restaurant' | 'thing';
  ownerOnly?: boolean;
  /** The fixture has a staff member to remove. */
  withRemovable?: boolean;
  call: (who: TestSession | null, fx: Fixture) => Promise<LightMyRequestResponse>;
  ok: number;
  /** What an allowed call did (checked on the answer and the database). */
  allowed?: (response: LightMyRequestResponse, fx: Fixture) => Promise<void> | void;
}

let price = 4_000;
const dishJpeg = sharp({ create: { width: 640, height: 480, channels: 3, background: '#b5651d' } })
  .jpeg()
  .toBuffer();
const CASES: Case[] = [
  {
    name: 'GET board',
    scope: 'restaurant',
    call: (who, fx) => api.board(who, fx.restaurantId),
    ok: 200,
    allowed: (response) => expect(response.json().restaurantId).toBe(restaurant.restaurant.id),
  },
  {
    name: 'GET transactions',
    scope: 'restaurant',
    call: (who, fx) => api.transactions(who, fx.restaurantId, 'status=pending'),
    ok: 200,
    allowed: (response, fx) =>
      expect(response.json().items.map((i: { id: string }) => i.id)).toContain(fx.transaction.id),
  },
  {
    name: 'POST confirm',
    scope: 'thing',
    call: (who, fx) => api.confirm(who, fx.transaction.id),
    ok: 200,
    allowed: async (response, fx) => {
      expect(response.json()).toMatchObject({ id: fx.transaction.id, status: 'approved' });
      expect((await snapshot(fx)).transaction?.status).toBe('approved');
    },
  },
  {
    name: 'POST reject',
    scope: 'thing',
    call: (who, fx) => api.reject(who, fx.transaction.id, 'Not received'),
    ok: 200,
    allowed: (response) =>
      expect(response.json()).toMatchObject({
        status: 'rejected',
        report: { rejectionReason: 'Not received' },
      }),
  },
  {
    name: 'POST orders-ready',
    scope: 'thing',
    call: (who, fx) => api.ordersReady(who, fx.reservationId),
    ok: 200,
    allowed: (response) => expect(response.json().ordersReadyNotification).toBe(true),
  },
  {
    name: 'DELETE assistance',
    scope: 'thing',
    call: (who, fx) => api.answerAssistance(who, fx.reservationId),
    ok: 200,
    allowed: (response) => expect(response.json().requestedAssistance).toBe(false),
  },
  {
    name: 'PATCH reservation status',
    scope: 'thing',
    call: (who, fx) => api.setStatus(who, fx.reservationId, 'seated'),
    ok: 200,
    allowed: (response) => expect(response.json().status).toBe('seated'),
  },
  {
    name: 'GET products',
    scope: 'restaurant',
    call: (who, fx) => api.products(who, fx.restaurantId),
    ok: 200,
    allowed: (response) =>
      expect(response.json().items.some((p: { hidden: boolean }) => p.hidden)).toBe(true),
  },
  {
    name: 'PATCH product',
    scope: 'restaurant',
    call: (who, fx) => api.editProduct(who, fx.restaurantId, fx.productId, { price: (price += 10) }),
    ok: 200,
    allowed: (response) => expect(response.json().price).toBe(price),
  },
  {
    name: 'POST product picture',
    scope: 'restaurant',
    call: async (who, fx) => api.uploadPicture(who, fx.restaurantId, fx.productId, await dishJpeg),
    ok: 200,
    allowed: async (response, fx) => {
      const { imageUrl } = response.json();
      expect(imageUrl).toMatch(/\.640w\.webp$/);
      expect((await snapshot(fx)).product?.imageUrl).toBe(imageUrl);
    },
  },
  {
    name: 'GET tables/qr',
    scope: 'restaurant',
    call: (who, fx) => api.tablesQr(who, fx.restaurantId),
    ok: 200,
    allowed: (response) => expect(response.json().items).toHaveLength(3),
  },
  {
    name: 'GET staff',
    scope: 'restaurant',
    ownerOnly: true,
    call: (who, fx) => api.members(who, fx.restaurantId),
    ok: 200,
    allowed: (response) =>
      expect(response.json().items.map((m: { userId: string }) => m.userId)).toContain(owner.userId),
  },
  {
    name: 'POST staff',
    scope: 'restaurant',
    ownerOnly: true,
    call: async (who, fx) => {
      const newcomer = await signUpUser(t.app, { name: 'Newcomer', email: uniqueEmail('newcomer') });
      return api.addMember(who, fx.restaurantId, { email: newcomer.email });
    },
    ok: 201,
    allowed: (response) => expect(response.json()).toMatchObject({ role: 'staff', displayName: 'Newcomer' }),
  },
  {
    name: 'DELETE staff',
    scope: 'restaurant',
    ownerOnly: true,
    withRemovable: true,
    call: (who, fx) => api.removeMember(who, fx.restaurantId, fx.removableUserId),
    ok: 204,
    allowed: async (_response, fx) => expect((await snapshot(fx)).members).not.toContain(fx.removableUserId),
  },
  {
    name: 'GET audit',
    scope: 'restaurant',
    call: (who, fx) => api.audit(who, fx.restaurantId),
    ok: 200,
    allowed: (response) => expect(Array.isArray(response.json().items)).toBe(true),
  },
];

function expected(role: Role, c: Case): { status: number; code?: string } {
  if (role === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED' };
  if (role === 'owner' || (role === 'staff' && !c.ownerOnly)) return { status: c.ok };
  if (role === 'staff') return { status: 403, code: 'FORBIDDEN' };
  return c.scope === 'restaurant' ? { status: 403, code: 'FORBIDDEN' } : { status: 404, code: 'NOT_FOUND' };
}

describe('every staff endpoint × every role', () => {
  const rows = CASES.flatMap((c) => ROLES.map((role) => [c.name, role, c] as const));
  it.each(rows)('%s as %s', async (_name, role, c) => {
    const fx = await fixture(c.withRemovable);
    const before = await snapshot(fx);
    const response = await c.call(as(role), fx);
    const want = expected(role, c);
    expect(response.statusCode, response.body).toBe(want.status);
    if (want.code) {
      expect(response.json()).toMatchObject({ error: { code: want.code } });
      expect(await snapshot(fx)).toEqual(before);
    } else {
      await c.allowed?.(response, fx);
    }
  });

  it('GET /api/staff/restaurants: 401 anonymous; [] for a diner or a guest; staff and owners see theirs with the role', async () => {
    expect((await api.restaurants(null)).statusCode).toBe(401);
    for (const who of [diner, guest]) expect((await api.restaurants(who)).json().items).toEqual([]);
    const mine = (who: TestSession) =>
      (api.restaurants(who) as Promise<LightMyRequestResponse>).then((r) =>
        r.json().items.map((i: { id: string; role: string }) => [i.id, i.role]),
      );
    expect(await mine(staff)).toEqual([[restaurant.restaurant.id, 'staff']]);
    expect(await mine(owner)).toEqual([[restaurant.restaurant.id, 'owner']]);
    expect(await mine(otherStaff)).toEqual([[elsewhere.restaurant.id, 'owner']]);
  });

  it('a staff member of another restaurant cannot reach this one through its own restaurant id', async () => {
    const fx = await fixture();
    const before = await snapshot(fx);
    // the product of this restaurant under the other restaurant's id: not one of its products
    expect(
      (await api.editProduct(otherStaff, elsewhere.restaurant.id, fx.productId, { price: 1 })).statusCode,
    ).toBe(404);
    expect(await snapshot(fx)).toEqual(before);
  });
});

describe('receipts: GET /api/transactions/:id/receipt', () => {
  it('the payer and the staff of the restaurant open it; nobody else', async () => {
    const reservationId = await openTable(t.app, t.db.db, restaurant, diner);
    const order = await orderPlain(t.app, restaurant, diner, reservationId);
    const payment = await prepare(t.app, diner, reservationId, {
      paymentType: 'mobile_transfer',
      chosenTips: '0',
      orderIds: [order.id],
    });
    const { payload, contentType } = multipartBody([
      { name: 'pendingPaymentId', data: payment.id },
      { name: 'bankCode', data: '0102' },
      { name: 'reference', data: `${Date.now()}`.slice(-10) },
      { name: 'transferDate', data: '2026-03-02' },
      {
        name: RECEIPT_FIELD,
        filename: 'recibo.png',
        contentType: 'image/png',
        data: await receiptPicture('png'),
      },
    ]);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${reservationId}/transactions`,
      headers: { origin: TEST_ORIGIN, cookie: diner.cookie, 'content-type': contentType },
      payload,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const transactionId = submitted.json().id as string;
    // every page of the pending ones, following the cursor
    const pending: { id: string; status: string; receipt: unknown; reservation: { id: string } }[] = [];
    for (let cursor: string | null = '', pages = 0; cursor !== null && pages < 100; pages += 1) {
      const query: string = `status=pending&limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { items: typeof pending; nextCursor: string | null } = (
        await api.transactions(staff, restaurant.restaurant.id, query)
      ).json();
      pending.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(new Set(pending.map((i) => i.id)).size).toBe(pending.length);
    expect(pending.every((i) => i.status === 'pending')).toBe(true);
    const item = pending.find((i) => i.id === transactionId)!;
    expect(item.receipt).toEqual({
      url: `/api/transactions/${transactionId}/receipt`,
      mediaType: 'image/jpeg',
    });
    expect(item.reservation.id).toBe(reservationId);
    for (const who of [diner, staff, owner])
      expect((await api.receipt(who, transactionId)).statusCode).toBe(200);
    expect((await api.receipt(null, transactionId)).statusCode).toBe(401);
    for (const who of [guest, otherStaff])
      expect((await api.receipt(who, transactionId)).statusCode).toBe(404);
  });
});

describe('live: restaurant-staff:<id>', () => {
  async function socketOf(session: TestSession | null): Promise<LiveTestClient> {
    const socket = await openLiveClient(baseUrl, {
      origin: TEST_ORIGIN,
      ...(session ? { cookie: session.cookie } : {}),
    });
    sockets.push(socket);
    return socket;
  }

  it.each(['anonymous', 'guest', 'diner', 'otherStaff'] as const)('%s may not subscribe', async (role) => {
    const socket = await socketOf(as(role));
    expect(
      await socket.request({ op: 'subscribe', topic: staffTopic(restaurant.restaurant.id) }),
    ).toMatchObject({ op: 'error', code: 'FORBIDDEN' });
  });

  it.each(['staff', 'owner'] as const)('%s subscribes', async (role) => {
    const socket = await socketOf(as(role));
    expect(
      await socket.request({ op: 'subscribe', topic: staffTopic(restaurant.restaurant.id) }),
    ).toMatchObject({ op: 'subscribed' });
  });

  it('a staff member removed by the owner stops receiving at once', async () => {
    const leaver = await signUpUser(t.app, { name: 'Leaver' });
    await addStaff(t.db.db, restaurant.restaurant.id, leaver.userId, 'staff');
    const topic = staffTopic(restaurant.restaurant.id);
    const socket = await socketOf(leaver);
    expect(await socket.request({ op: 'subscribe', topic })).toMatchObject({ op: 'subscribed' });
    expect((await api.removeMember(owner, restaurant.restaurant.id, leaver.userId)).statusCode).toBe(204);
    // checked again before the event is delivered: the error, and nothing of the event
    expect(await socket.next()).toMatchObject({ op: 'error', topic, code: 'FORBIDDEN' });
    expect(await socket.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });
});
