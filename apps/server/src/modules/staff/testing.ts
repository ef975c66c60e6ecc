/**
 * Test support for the staff suites (imported by *.test.ts and benchmarks only): the staff API
 * calls, a table with a cash payment waiting for the restaurant, and the audit as stored.
 */
import { DISH_PICTURE_FIELD, type Transaction } from '@comensal/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { staffAudit } from '../../db/schema.ts';
import { multipartBody } from '../../test/multipart.ts';
import { callApi, type TestSession } from '../../test/sessions.ts';
import type { OrdersRestaurant } from '../orders/testing.ts';
import { openTable, orderPlain, payCashCall, prepare } from '../payments/testing.ts';

type As = TestSession | null;

/** The staff calls, as `as` (null: anonymous). */
export function staffApi(app: FastifyInstance) {
  const r = (id: string) => `/api/staff/restaurants/${id}`;
  return {
    restaurants: (as: As) => callApi(app, 'GET', '/api/staff/restaurants', { as }),
    board: (as: As, restaurantId: string, date?: string) =>
      callApi(app, 'GET', `${r(restaurantId)}/board${date ? `?date=${date}` : ''}`, { as }),
    transactions: (as: As, restaurantId: string, query = '') =>
      callApi(app, 'GET', `${r(restaurantId)}/transactions${query ? `?${query}` : ''}`, { as }),
    confirm: (as: As, transactionId: string) =>
      callApi(app, 'POST', `/api/staff/transactions/${transactionId}/confirm`, { as }),
    reject: (as: As, transactionId: string, reason: unknown = 'Not received') =>
      callApi(app, 'POST', `/api/staff/transactions/${transactionId}/reject`, { as, body: { reason } }),
    ordersReady: (as: As, reservationId: string) =>
      callApi(app, 'POST', `/api/staff/reservations/${reservationId}/orders-ready`, { as }),
    answerAssistance: (as: As, reservationId: string) =>
      callApi(app, 'DELETE', `/api/staff/reservations/${reservationId}/assistance`, { as }),
    setStatus: (as: As, reservationId: string, status: unknown) =>
      callApi(app, 'PATCH', `/api/staff/reservations/${reservationId}`, { as, body: { status } }),
    products: (as: As, restaurantId: string) => callApi(app, 'GET', `${r(restaurantId)}/products`, { as }),
    editProduct: (as: As, restaurantId: string, productId: string, body: unknown) =>
      callApi(app, 'PATCH', `${r(restaurantId)}/products/${productId}`, { as, body }),
    /** A dish picture as the file field `picture` (a JPEG unless `contentType` says otherwise). */
    uploadPicture: (
      as: As,
      restaurantId: string,
      productId: string,
      data: Buffer,
      contentType = 'image/jpeg',
    ) => {
      const body = multipartBody([{ name: DISH_PICTURE_FIELD, filename: 'plato.jpg', contentType, data }]);
      return callApi(app, 'POST', `${r(restaurantId)}/products/${productId}/picture`, {
        as,
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
    },
    tablesQr: (as: As, restaurantId: string) => callApi(app, 'GET', `${r(restaurantId)}/tables/qr`, { as }),
    members: (as: As, restaurantId: string) => callApi(app, 'GET', `${r(restaurantId)}/staff`, { as }),
    addMember: (as: As, restaurantId: string, body: unknown) =>
      callApi(app, 'POST', `${r(restaurantId)}/staff`, { as, body }),
    removeMember: (as: As, restaurantId: string, userId: string) =>
      callApi(app, 'DELETE', `${r(restaurantId)}/staff/${userId}`, { as }),
    audit: (as: As, restaurantId: string, query = '') =>
      callApi(app, 'GET', `${r(restaurantId)}/audit${query ? `?${query}` : ''}`, { as }),
    receipt: (as: As, transactionId: string) =>
      callApi(app, 'GET', `/api/transactions/${transactionId}/receipt`, { as }),
  };
}

export interface CashTable {
  reservationId: string;
  orderId: string;
  pendingPaymentId: string;
  transaction: Transaction;
}

/** A reservation of `diner` at the restaurant with one 5,000 dish paid in cash: the payment waits for staff. */
export async function tableWithCashToConfirm(
  app: FastifyInstance,
  db: Db,
  restaurant: OrdersRestaurant,
  diner: TestSession,
): Promise<CashTable> {
  const reservationId = await openTable(app, db, restaurant, diner);
  const order = await orderPlain(app, restaurant, diner, reservationId);
  const payment = await prepare(app, diner, reservationId, {
    paymentType: 'cash',
    chosenTips: '0',
    orderIds: [order.id],
  });
  const transaction = await payCashCall(app, diner, reservationId, payment.id);
  return { reservationId, orderId: order.id, pendingPaymentId: payment.id, transaction };
}

/** The restaurant's audit rows, oldest first. */
export function auditRowsOf(db: Db, restaurantId: string) {
  return db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.restaurantId, restaurantId))
    .orderBy(asc(staffAudit.seq));
}

export async function auditCount(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffAudit)
    .where(eq(staffAudit.restaurantId, restaurantId));
  return row?.n ?? 0;
}
