/**
 * Test support for the orders suites (imported by *.test.ts only): a restaurant whose menu has
 * one dish of each kind the rules tell apart, members added to a reservation, points, and the
 * order calls. The app comes from src/test/app.ts, sessions from src/test/sessions.ts, the
 * restaurant and reservations from the reservations module's testing.ts.
 */
import type { CreateOrderInput, Order, OrderList, OrderTotal } from '@comensal/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildSeedProduct, SAMPLE_EXTRAS, SAMPLE_SIZE } from '../../db/seed/insert-restaurant.ts';
import { orders, products, reservationMembers, userPoints } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { callApi, type TestSession } from '../../test/sessions.ts';
import { insertTestRestaurant, type TestRestaurant } from '../reservations/testing.ts';

/** The menu of the orders tests, by key. At 12:00 on a Monday (NOW) all but hidden and dinner are on the menu. */
export const MENU = {
  /** 5,000, nothing to choose. */
  plain: buildSeedProduct({ key: 'plain', priceMinor: 5_000 }),
  /** 8,000, a required size and optional extras, 10 % off. */
  burger: buildSeedProduct({
    key: 'burger',
    name: { es: 'Hamburguesa', en: 'Burger' },
    priceMinor: 8_000,
    preferences: [SAMPLE_SIZE, SAMPLE_EXTRAS],
    discount: { type: 'percent', value: 10 },
  }),
  /** 6,000 or 40 points. */
  points: buildSeedProduct({ key: 'points', priceMinor: 6_000, pointsPrice: 40 }),
  /** 3,000, 10 in stock, sales without stock prevented. */
  stocked: buildSeedProduct({ key: 'stocked', priceMinor: 3_000, stock: 10, preventSaleWithoutStock: true }),
  /** 3,500, 10 in stock, and 25 points. */
  stockedPoints: buildSeedProduct({
    key: 'stocked-points',
    priceMinor: 3_500,
    stock: 10,
    preventSaleWithoutStock: true,
    pointsPrice: 25,
  }),
  /** 4,000, a stock that is not counted. */
  untracked: buildSeedProduct({
    key: 'untracked',
    priceMinor: 4_000,
    stock: 0,
    preventSaleWithoutStock: false,
  }),
  hidden: buildSeedProduct({ key: 'hidden', hidden: true }),
  /** 20:00–23:00 only. */
  dinner: buildSeedProduct({ key: 'dinner', scheduleStart: '20:00', scheduleEnd: '23:00' }),
  /** Sundays only. */
  sunday: buildSeedProduct({ key: 'sunday', scheduleDays: [0] }),
  /** 25,000,000 a unit, a 1,000,000,000 points price: 99 of them do not fit a line. */
  caviar: buildSeedProduct({ key: 'caviar', priceMinor: 25_000_000, pointsPrice: 1_000_000_000 }),
  /** A points price of 0: not payable with points. */
  freePoints: buildSeedProduct({ key: 'free-points', priceMinor: 2_000, pointsPrice: 0 }),
} as const;
export type MenuKey = keyof typeof MENU;

export interface OrdersRestaurant extends TestRestaurant {
  /** The id of a menu product by key. */
  product(key: MenuKey): string;
}

/** The reservations' test restaurant (tables 1, 2, 10; lunch and dinner) with {@link MENU}. */
export async function insertOrdersRestaurant(
  db: Parameters<typeof insertTestRestaurant>[0],
  overrides: Parameters<typeof insertTestRestaurant>[1] = {},
): Promise<OrdersRestaurant> {
  const inserted = await insertTestRestaurant(db, { products: Object.values(MENU), ...overrides });
  return {
    ...inserted,
    product(key) {
      const found = inserted.products.find((product) => product.key === MENU[key].key);
      if (!found) throw new Error(`no product ${key}`);
      return found.id;
    },
  };
}

/** Makes users members of a reservation directly (as an accepted invitation would). */
export async function addMembers(db: Db, reservationId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(reservationMembers)
    .values(userIds.map((userId) => ({ reservationId, userId })))
    .onConflictDoNothing();
}

export async function setPoints(
  db: Db,
  userId: string,
  restaurantId: string,
  balance: number,
): Promise<void> {
  await db
    .insert(userPoints)
    .values({ userId, restaurantId, balance })
    .onConflictDoUpdate({ target: [userPoints.userId, userPoints.restaurantId], set: { balance } });
}

export async function pointsOf(db: Db, userId: string, restaurantId: string): Promise<number | null> {
  const [row] = await db
    .select({ balance: userPoints.balance })
    .from(userPoints)
    .where(and(eq(userPoints.userId, userId), eq(userPoints.restaurantId, restaurantId)));
  return row?.balance ?? null;
}

export async function stockOf(db: Db, productId: string): Promise<number | null> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row?.stock ?? null;
}

export async function setStock(db: Db, productId: string, stock: number | null): Promise<void> {
  await db.update(products).set({ stock }).where(eq(products.id, productId));
}

/** How many lines the reservations have (all kinds). */
export async function countLines(db: Db, reservationIds: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(inArray(orders.reservationId, reservationIds));
  return row!.n;
}

/** What a refusal must leave unchanged: the lines, the stocks and the points. */
export async function snapshotOf(
  db: Db,
  restaurant: OrdersRestaurant,
  reservationId: string,
  userId: string,
): Promise<{ lines: number; stocks: (number | null)[]; points: number | null }> {
  return {
    lines: await countLines(db, [reservationId]),
    stocks: await Promise.all(
      (['stocked', 'stockedPoints'] as const).map((key) => stockOf(db, restaurant.product(key))),
    ),
    points: await pointsOf(db, userId, restaurant.restaurant.id),
  };
}

/** The order calls, as `as`. */
export function orderApi(app: FastifyInstance) {
  const base = (reservationId: string) => `/api/reservations/${reservationId}`;
  return {
    order: (as: TestSession | null, reservationId: string, body: unknown) =>
      callApi(app, 'POST', `${base(reservationId)}/orders`, { as, body }),
    batch: (as: TestSession | null, reservationId: string, items: unknown) =>
      callApi(app, 'POST', `${base(reservationId)}/orders/batch`, { as, body: { items } }),
    list: (as: TestSession | null, reservationId: string) =>
      callApi(app, 'GET', `${base(reservationId)}/orders`, { as }),
    total: (as: TestSession | null, reservationId: string) =>
      callApi(app, 'GET', `${base(reservationId)}/total`, { as }),
    patch: (as: TestSession | null, reservationId: string, orderId: string, body: unknown) =>
      callApi(app, 'PATCH', `${base(reservationId)}/orders/${orderId}`, { as, body }),
    remove: (as: TestSession | null, reservationId: string, orderId: string) =>
      callApi(app, 'DELETE', `${base(reservationId)}/orders/${orderId}`, { as }),
  };
}

/** Fails the test unless the answer has `status`; its JSON body. */
export function expectStatus<T>(response: LightMyRequestResponse, status: number): T {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return (response.body ? response.json() : null) as T;
}

/** Orders `items` in one batch; fails the test unless 201. */
export async function placeOrders(
  app: FastifyInstance,
  as: TestSession,
  reservationId: string,
  items: CreateOrderInput[],
): Promise<Order[]> {
  return expectStatus<{ items: Order[] }>(await orderApi(app).batch(as, reservationId, items), 201).items;
}

export const readOrders = async (app: FastifyInstance, as: TestSession, reservationId: string) =>
  expectStatus<OrderList>(await orderApi(app).list(as, reservationId), 200).items;

export const readTotal = async (app: FastifyInstance, as: TestSession, reservationId: string) =>
  expectStatus<OrderTotal>(await orderApi(app).total(as, reservationId), 200);
