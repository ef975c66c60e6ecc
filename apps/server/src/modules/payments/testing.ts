/**
 * Test support for the payments suites (imported by *.test.ts and benchmarks only): an app whose
 * Webpay adapter talks to the fake Webpay on loopback, a table with members and dishes, the
 * payment calls, and readers of what the database holds. Sessions come from src/test/sessions.ts,
 * the restaurant and its menu from the orders' testing.ts.
 */
import type {
  Order,
  OrderTotal,
  PendingPayment,
  PendingPaymentList,
  Transaction,
  TransactionList,
  WebpayResult,
  WebpayStart,
} from '@comensal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import {
  orders,
  paymentAllocations,
  pendingPayments,
  restaurantStaff,
  transactions,
  userPoints,
  type StaffRole,
} from '../../db/schema.ts';
import type { ReturnRequest } from '../../payments/webpay/testing/fake-webpay.ts';
import { startFakeWebpay, type FakeWebpay } from '../../payments/webpay/testing/fake-webpay.ts';
import { buildTestApp, type BuildTestAppOptions, type TestApp } from '../../test/app.ts';
import type { TestDatabase } from '../../test/database.ts';
import { callApi, type TestSession } from '../../test/sessions.ts';
import { addMembers, expectStatus, placeOrders, type OrdersRestaurant } from '../orders/testing.ts';
import { distinctSlot, NOW, reservationInput, reserve } from '../reservations/testing.ts';

export { expectStatus };

/** The Pago Móvil details of the test restaurants that take it. */
export const PAGO_MOVIL = {
  bankCode: '0134',
  bankName: 'Banesco',
  phone: '0414-5550101',
  idNumber: 'J-40123456-7',
} as const;

export interface PaymentsTestApp<D extends Database = TestDatabase> extends TestApp<D> {
  fake: FakeWebpay;
}

/**
 * A test app whose `app.webpay` is the real adapter pointed at a fake Webpay on loopback that
 * shares the app's clock (5-minute tokens, 7-day status). Close with `close()` (both stop).
 */
export async function buildPaymentsApp<D extends Database = TestDatabase>(
  options: BuildTestAppOptions<D> & { webpayTimeoutMs?: number } = {},
): Promise<PaymentsTestApp<D>> {
  let clock: () => Date = () => options.now ?? NOW;
  const fake = await startFakeWebpay({ now: () => clock() });
  const t = await buildTestApp<D>({
    now: NOW,
    ...options,
    config: {
      ...options.config,
      webpay: {
        env: 'integration',
        commerceCode: fake.clientConfig.commerceCode,
        apiKey: fake.clientConfig.apiKey,
        baseUrl: fake.url,
        timeoutMs: options.webpayTimeoutMs ?? 5_000,
      },
    },
  });
  clock = t.clock.now;
  return {
    ...t,
    fake,
    async close() {
      await t.close();
      await fake.stop();
    },
  };
}

/** A reservation of `creator` (no table) with `members` in it, and `dishes` ordered by whoever is given. */
let slot = 0;
export async function openTable(
  app: FastifyInstance,
  db: Db,
  restaurant: OrdersRestaurant,
  creator: TestSession,
  members: TestSession[] = [],
): Promise<string> {
  slot += 1;
  const reservation = await reserve(
    app,
    creator,
    // a slot of its own each time: one diner never holds two reservations at once (booking limits)
    reservationInput(restaurant, { table: undefined, ...distinctSlot(slot) }),
  );
  await addMembers(
    db,
    reservation.id,
    members.map((member) => member.userId),
  );
  return reservation.id;
}

/** `as` orders `quantity` of the plain dish (5,000 each) on the reservation; the line. */
export async function orderPlain(
  app: FastifyInstance,
  restaurant: OrdersRestaurant,
  as: TestSession,
  reservationId: string,
  quantity = 1,
): Promise<Order> {
  const [order] = await placeOrders(app, as, reservationId, [
    { productId: restaurant.product('plain'), quantity },
  ]);
  return order!;
}

/** The payment calls, as `as` (null: anonymous). */
export function paymentApi(app: FastifyInstance) {
  const base = (reservationId: string) => `/api/reservations/${reservationId}`;
  return {
    create: (as: TestSession | null, reservationId: string, body: unknown) =>
      callApi(app, 'POST', `${base(reservationId)}/pending-payments`, { as, body }),
    list: (as: TestSession | null, reservationId: string) =>
      callApi(app, 'GET', `${base(reservationId)}/pending-payments`, { as }),
    cancel: (as: TestSession | null, reservationId: string, pendingPaymentId: string) =>
      callApi(app, 'DELETE', `${base(reservationId)}/pending-payments/${pendingPaymentId}`, { as }),
    transactions: (as: TestSession | null, reservationId: string) =>
      callApi(app, 'GET', `${base(reservationId)}/transactions`, { as }),
    cash: (as: TestSession | null, reservationId: string, pendingPaymentId: string) =>
      callApi(app, 'POST', `${base(reservationId)}/transactions`, { as, body: { pendingPaymentId } }),
    startWebpay: (as: TestSession | null, pendingPaymentId: string) =>
      callApi(app, 'POST', '/api/payments/webpay', { as, body: { pendingPaymentId } }),
    webpayResult: (as: TestSession | null, token: string) =>
      callApi(app, 'GET', `/api/payments/webpay/${token}`, { as }),
    receipt: (as: TestSession | null, transactionId: string) =>
      callApi(app, 'GET', `/api/transactions/${transactionId}/receipt`, { as }),
    total: (as: TestSession | null, reservationId: string) =>
      callApi(app, 'GET', `${base(reservationId)}/total`, { as }),
    orders: (as: TestSession | null, reservationId: string) =>
      callApi(app, 'GET', `${base(reservationId)}/orders`, { as }),
  };
}

/** Prepares a payment; fails the test unless 201 (new) or 200 (merged). */
export async function prepare(
  app: FastifyInstance,
  as: TestSession,
  reservationId: string,
  body: Record<string, unknown>,
): Promise<PendingPayment> {
  const response = await paymentApi(app).create(as, reservationId, body);
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    throw new Error(`expected 201 or 200, got ${response.statusCode}: ${response.body}`);
  }
  return response.json<PendingPayment>();
}

export const readTotal = async (app: FastifyInstance, as: TestSession, reservationId: string) =>
  expectStatus<OrderTotal>(await paymentApi(app).total(as, reservationId), 200);
export const readOrders = async (app: FastifyInstance, as: TestSession, reservationId: string) =>
  expectStatus<{ items: Order[] }>(await paymentApi(app).orders(as, reservationId), 200).items;
export const readPendingPayments = async (app: FastifyInstance, as: TestSession, reservationId: string) =>
  expectStatus<PendingPaymentList>(await paymentApi(app).list(as, reservationId), 200).items;
export const readTransactions = async (app: FastifyInstance, as: TestSession, reservationId: string) =>
  expectStatus<TransactionList>(await paymentApi(app).transactions(as, reservationId), 200).items;

/** Starts the Webpay payment of a pending payment; fails the test unless 200. */
export async function startCard(app: FastifyInstance, as: TestSession, pendingPaymentId: string) {
  return expectStatus<WebpayStart>(await paymentApi(app).startWebpay(as, pendingPaymentId), 200);
}

/** The browser's request back to the app (the fake's ReturnRequest), without any session cookie. */
export function sendReturn(
  app: FastifyInstance,
  back: Pick<ReturnRequest, 'method' | 'params'>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams(back.params).toString();
  if (back.method === 'GET') {
    return app.inject({ method: 'GET', url: `/api/payments/webpay/return?${query}`, headers });
  }
  return app.inject({
    method: 'POST',
    url: '/api/payments/webpay/return',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: query,
  });
}

export const webpayResult = async (app: FastifyInstance, as: TestSession, token: string) =>
  expectStatus<WebpayResult>(await paymentApi(app).webpayResult(as, token), 200);

export const payCashCall = async (
  app: FastifyInstance,
  as: TestSession,
  reservationId: string,
  ppId: string,
) => expectStatus<Transaction>(await paymentApi(app).cash(as, reservationId, ppId), 201);

// -- the database, as the tests check it ------------------------------------------------------------

export async function addStaff(db: Db, restaurantId: string, userId: string, role: StaffRole = 'staff') {
  await db.insert(restaurantStaff).values({ restaurantId, userId, role }).onConflictDoNothing();
}

export async function pointsAt(db: Db, userId: string, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ balance: userPoints.balance })
    .from(userPoints)
    .where(and(eq(userPoints.userId, userId), eq(userPoints.restaurantId, restaurantId)));
  return row?.balance ?? 0;
}

/** The payment counters of a line. */
export async function countersOf(db: Db, orderId: string) {
  const [row] = await db
    .select({
      allocatedMinor: orders.allocatedMinor,
      pendingMinor: orders.pendingMinor,
      paidMinor: orders.paidMinor,
      paidBy: orders.paidBy,
      paymentType: orders.paymentType,
      pendingToConfirmed: orders.pendingToConfirmed,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}

/** Every allocation of a line, oldest first. */
export async function allocationsOf(db: Db, orderId: string) {
  return db
    .select({
      pendingPaymentId: paymentAllocations.pendingPaymentId,
      amountMinor: paymentAllocations.amountMinor,
      status: paymentAllocations.status,
    })
    .from(paymentAllocations)
    .where(eq(paymentAllocations.orderId, orderId))
    .orderBy(asc(paymentAllocations.createdAt));
}

export async function pendingPaymentsOf(db: Db, reservationId: string) {
  return db
    .select()
    .from(pendingPayments)
    .where(eq(pendingPayments.reservationId, reservationId))
    .orderBy(asc(pendingPayments.createdAt));
}

export async function transactionsOf(db: Db, reservationId: string) {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.reservationId, reservationId))
    .orderBy(asc(transactions.createdAt));
}

/** The API calls the fake Webpay received for `token` of a kind (e.g. commits: 'PUT'). */
export const webpayCalls = (fake: FakeWebpay, method: 'PUT' | 'GET' | 'POST', token?: string) =>
  fake.calls.filter((call) => call.startsWith(`${method} `) && (token === undefined || call.endsWith(token)));
