import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { joinRequests, reservations, users, type JOIN_REQUEST_STATUSES } from '../../db/schema.ts';

export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

const isPending = sql`${joinRequests.status} = 'pending'`;

const selectJoinRequest = (executor: DbExecutor) =>
  executor
    .select({
      id: joinRequests.id,
      reservationId: joinRequests.reservationId,
      restaurantId: reservations.restaurantId,
      userId: joinRequests.userId,
      status: joinRequests.status,
      createdAt: joinRequests.createdAt,
      answeredAt: joinRequests.answeredAt,
      displayName: users.name,
      photoURL: users.image,
      isGuest: users.isAnonymous,
    })
    .from(joinRequests)
    .innerJoin(reservations, eq(reservations.id, joinRequests.reservationId))
    .innerJoin(users, eq(users.id, joinRequests.userId));

export type JoinRequestRow = Awaited<ReturnType<ReturnType<typeof selectJoinRequest>['execute']>>[number];

/** Requests to join a reservation from its table's link (docs/product.md#table-links). */
export function joinRequestRepository(db: Db) {
  return {
    async findById(id: string, tx: DbExecutor = db): Promise<JoinRequestRow | null> {
      const [row] = await selectJoinRequest(tx).where(eq(joinRequests.id, id)).limit(1);
      return row ?? null;
    },

    /** The diner's pending request to the reservation (at most one: a unique partial index). */
    async findPendingId(reservationId: string, userId: string, tx: DbExecutor = db): Promise<string | null> {
      const [row] = await tx
        .select({ id: joinRequests.id })
        .from(joinRequests)
        .where(and(eq(joinRequests.reservationId, reservationId), eq(joinRequests.userId, userId), isPending))
        .limit(1);
      return row?.id ?? null;
    },

    /** The diner's latest request to the reservation, a pending one first. */
    async findLatest(
      reservationId: string,
      userId: string,
      tx: DbExecutor = db,
    ): Promise<{ id: string; status: JoinRequestStatus } | null> {
      const [row] = await tx
        .select({ id: joinRequests.id, status: joinRequests.status })
        .from(joinRequests)
        .where(and(eq(joinRequests.reservationId, reservationId), eq(joinRequests.userId, userId)))
        .orderBy(sql`${isPending} DESC`, desc(joinRequests.createdAt), desc(joinRequests.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * A pending request, or null when the diner has one already (the unique partial index
     * `join_requests_pending_unique` decides, so simultaneous inserts leave one row).
     */
    async insertPending(
      values: { reservationId: string; userId: string; createdAt: Date },
      tx: DbExecutor = db,
    ): Promise<string | null> {
      const [row] = await tx
        .insert(joinRequests)
        .values({ ...values, status: 'pending' })
        .onConflictDoNothing({ target: [joinRequests.reservationId, joinRequests.userId], where: isPending })
        .returning({ id: joinRequests.id });
      return row?.id ?? null;
    },

    async countForDiner(reservationId: string, userId: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(joinRequests)
        .where(and(eq(joinRequests.reservationId, reservationId), eq(joinRequests.userId, userId)));
      return row?.value ?? 0;
    },

    async countPending(reservationId: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(joinRequests)
        .where(and(eq(joinRequests.reservationId, reservationId), isPending));
      return row?.value ?? 0;
    },

    /** The reservation's pending requests, oldest first. */
    async listPending(reservationId: string, tx: DbExecutor = db): Promise<JoinRequestRow[]> {
      return selectJoinRequest(tx)
        .where(and(eq(joinRequests.reservationId, reservationId), isPending))
        .orderBy(asc(joinRequests.createdAt), asc(joinRequests.id));
    },

    /** The diners with a pending request to the reservation. */
    async listPendingRequesterIds(reservationId: string, tx: DbExecutor = db): Promise<string[]> {
      const rows = await tx
        .select({ userId: joinRequests.userId })
        .from(joinRequests)
        .where(and(eq(joinRequests.reservationId, reservationId), isPending));
      return rows.map((row) => row.userId);
    },

    /** Ends a pending request (accepted, rejected or cancelled); false when it was not pending. */
    async close(
      id: string,
      values: { status: Exclude<JoinRequestStatus, 'pending'>; answeredBy: string | null; answeredAt: Date },
      tx: DbExecutor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(joinRequests)
        .set(values)
        .where(and(eq(joinRequests.id, id), isPending))
        .returning({ id: joinRequests.id });
      return rows.length > 0;
    },
  };
}
