/**
 * Test fixture: a guest who owns rows in every table the guest → user transfer touches, inserted
 * directly (the endpoints that create them come later), plus helpers to read everything that
 * points at a user.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../../db/client.ts';
import {
  clientRecordReservations,
  clientRecords,
  errorRecords,
  favoriteProducts,
  favoriteRestaurants,
  invitations,
  joinRequests,
  orders,
  paymentAllocations,
  pendingPayments,
  reservationMembers,
  reservations,
  transactions,
  userPoints,
  users,
} from '../../../db/schema.ts';
import {
  buildSeedRestaurant,
  insertRestaurant,
  type InsertedRestaurant,
} from '../../../db/seed/insert-restaurant.ts';

export interface GuestWorld {
  restaurantA: InsertedRestaurant;
  restaurantB: InsertedRestaurant;
  /** Other diner: creator of reservation B, which the guest joined. */
  hostId: string;
  /** Created by the guest at restaurant A, table 2. */
  reservationA: string;
  /** Created by the host at restaurant B (pickup), the guest is a member. */
  reservationB: string;
  orderA: string;
  orderB: string;
  pendingPaymentA: string;
  transactionA: string;
  invitationReceived: string;
  invitationSent: string;
  /** Created by the host at restaurant B, table 1; the guest asked to join it (pending). */
  reservationC: string;
  joinRequestMade: string;
  /** The host asked to join reservation A; the guest turned it down. */
  joinRequestAnswered: string;
}

export async function insertUser(db: DbExecutor, name = 'Someone'): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ name, email: `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID()}@example.com` })
    .returning({ id: users.id });
  return row!.id;
}

/** Everything of `guestId`, in every table the transfer knows. */
export async function insertGuestWorld(db: DbExecutor, guestId: string, now: Date): Promise<GuestWorld> {
  const restaurantA = await insertRestaurant(db, buildSeedRestaurant());
  const restaurantB = await insertRestaurant(db, buildSeedRestaurant());
  const hostId = await insertUser(db, 'Host');
  const hour = 60 * 60 * 1000;
  const roomA = restaurantA.rooms[0]!;
  const tableA = roomA.tables.find((table) => table.number === 2)!;

  const [resA] = await db
    .insert(reservations)
    .values({
      restaurantId: restaurantA.restaurant.id,
      roomId: roomA.id,
      tableId: tableA.id,
      startsAt: new Date(now.getTime() + 24 * hour),
      endsAt: new Date(now.getTime() + 25 * hour),
      quantity: 2,
      createdBy: guestId,
    })
    .returning({ id: reservations.id });
  const [resB] = await db
    .insert(reservations)
    .values({
      restaurantId: restaurantB.restaurant.id,
      startsAt: new Date(now.getTime() + 48 * hour),
      endsAt: new Date(now.getTime() + 49 * hour),
      kind: 'pickup',
      createdBy: hostId,
    })
    .returning({ id: reservations.id });
  const reservationA = resA!.id;
  const reservationB = resB!.id;
  await db.insert(reservationMembers).values([
    { reservationId: reservationA, userId: guestId },
    { reservationId: reservationB, userId: hostId },
    { reservationId: reservationB, userId: guestId },
  ]);

  const productA = restaurantA.products[0]!;
  const productB = restaurantB.products[0]!;
  const [oA] = await db
    .insert(orders)
    .values({
      reservationId: reservationA,
      productId: productA.id,
      userId: guestId,
      quantity: 2,
      unitPriceMinor: productA.priceMinor,
      totalPriceMinor: 2 * productA.priceMinor,
    })
    .returning({ id: orders.id });
  // the host's order, paid by the guest
  const [oB] = await db
    .insert(orders)
    .values({
      reservationId: reservationB,
      productId: productB.id,
      userId: hostId,
      quantity: 1,
      unitPriceMinor: productB.priceMinor,
      totalPriceMinor: productB.priceMinor,
      paidBy: guestId,
      paymentType: 'mobile_transfer',
      pendingToConfirmed: true,
      paidAt: now,
    })
    .returning({ id: orders.id });

  const [pending] = await db
    .insert(pendingPayments)
    .values({
      reservationId: reservationA,
      payerUserId: guestId,
      amountMinor: 2 * productA.priceMinor,
      tipsMinor: 1_000,
      chosenTips: '10',
      paymentType: 'cash',
      orderIds: [oA!.id],
      expiresAt: new Date(now.getTime() + 15 * 60_000),
    })
    .returning({ id: pendingPayments.id });
  // what the guest's open payment holds: all of its own order
  await db.insert(paymentAllocations).values({
    pendingPaymentId: pending!.id,
    orderId: oA!.id,
    amountMinor: 2 * productA.priceMinor,
  });
  await db
    .update(orders)
    .set({ allocatedMinor: 2 * productA.priceMinor })
    .where(eq(orders.id, oA!.id));
  const [transaction] = await db
    .insert(transactions)
    .values({
      restaurantId: restaurantB.restaurant.id,
      reservationId: reservationB,
      payerUserId: guestId,
      amountMinor: productB.priceMinor,
      orderIds: [oB!.id],
      paymentType: 'mobile_transfer',
      bankCode: '0102',
      reference: `ref-${randomUUID().slice(0, 8)}`,
      transferDate: '2026-03-01',
    })
    .returning({ id: transactions.id });

  const [received] = await db
    .insert(invitations)
    .values({
      userId: guestId,
      inviteeEmail: 'guest@example.com',
      restaurantId: restaurantB.restaurant.id,
      reservationId: reservationB,
      invitedBy: hostId,
      accepted: true,
      respondedAt: now,
    })
    .returning({ id: invitations.id });
  const [sent] = await db
    .insert(invitations)
    .values({
      inviteeEmail: `friend-${randomUUID()}@example.com`,
      restaurantId: restaurantA.restaurant.id,
      reservationId: reservationA,
      invitedBy: guestId,
    })
    .returning({ id: invitations.id });

  const roomB = restaurantB.rooms[0]!;
  const [resC] = await db
    .insert(reservations)
    .values({
      restaurantId: restaurantB.restaurant.id,
      roomId: roomB.id,
      tableId: roomB.tables.find((table) => table.number === 1)!.id,
      startsAt: now,
      endsAt: new Date(now.getTime() + hour),
      createdBy: hostId,
    })
    .returning({ id: reservations.id });
  await db.insert(reservationMembers).values({ reservationId: resC!.id, userId: hostId });
  const [made] = await db
    .insert(joinRequests)
    .values({ reservationId: resC!.id, userId: guestId, createdAt: now })
    .returning({ id: joinRequests.id });
  const [answered] = await db
    .insert(joinRequests)
    .values({
      reservationId: reservationA,
      userId: hostId,
      status: 'rejected',
      answeredBy: guestId,
      createdAt: now,
      answeredAt: now,
    })
    .returning({ id: joinRequests.id });

  await db.insert(favoriteRestaurants).values({ userId: guestId, restaurantId: restaurantA.restaurant.id });
  await db.insert(favoriteProducts).values({ userId: guestId, productId: productA.id });
  await db
    .insert(userPoints)
    .values({ userId: guestId, restaurantId: restaurantA.restaurant.id, balance: 50 });
  await db.insert(clientRecords).values({ userId: guestId, restaurantId: restaurantB.restaurant.id });
  await db.insert(clientRecordReservations).values({
    userId: guestId,
    restaurantId: restaurantB.restaurant.id,
    reservationId: reservationB,
    date: new Date(now.getTime() + 48 * hour),
    pickup: true,
  });
  await db.insert(errorRecords).values({ content: { message: 'test' }, userId: guestId });

  return {
    restaurantA,
    restaurantB,
    hostId,
    reservationA,
    reservationB,
    orderA: oA!.id,
    orderB: oB!.id,
    pendingPaymentA: pending!.id,
    transactionA: transaction!.id,
    invitationReceived: received!.id,
    invitationSent: sent!.id,
    reservationC: resC!.id,
    joinRequestMade: made!.id,
    joinRequestAnswered: answered!.id,
  };
}

/** Every column that holds a user id, as `table.column`. */
export const USER_COLUMNS = [
  ['reservations', 'created_by'],
  ['reservation_members', 'user_id'],
  ['orders', 'user_id'],
  ['orders', 'paid_by'],
  ['pending_payments', 'payer_user_id'],
  ['transactions', 'payer_user_id'],
  ['invitations', 'user_id'],
  ['invitations', 'invited_by'],
  ['join_requests', 'user_id'],
  ['join_requests', 'answered_by'],
  ['favorite_restaurants', 'user_id'],
  ['favorite_products', 'user_id'],
  ['user_points', 'user_id'],
  ['client_records', 'user_id'],
  ['client_record_reservations', 'user_id'],
  ['error_records', 'user_id'],
  ['sessions', 'user_id'],
  ['accounts', 'user_id'],
  ['users', 'id'],
] as const;

/** The pool under drizzle, for the dynamic table/column queries below. */
function poolOf(db: Db) {
  return (db as unknown as { $client: { query<R>(text: string, values: unknown[]): Promise<{ rows: R[] }> } })
    .$client;
}

/** How many rows of each `table.column` point at `userId`. */
export async function countRowsOf(db: Db, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, column] of USER_COLUMNS) {
    const result = await poolOf(db).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1::uuid`,
      [userId],
    );
    counts[`${table}.${column}`] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/** Every row (all columns) that points at `userId`, per table, in a stable order: a full snapshot. */
export async function snapshotRowsOf(db: Db, userId: string): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const [table, column] of USER_COLUMNS) {
    const result = await poolOf(db).query<{ row: unknown }>(
      `SELECT to_jsonb(t) AS row FROM "${table}" AS t WHERE "${column}" = $1::uuid ORDER BY to_jsonb(t)::text`,
      [userId],
    );
    snapshot[`${table}.${column}`] = result.rows.map((row) => row.row);
  }
  return snapshot;
}
