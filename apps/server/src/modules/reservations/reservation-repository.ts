import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { BookingLimits, HeldReservation } from '@comensal/domain';
import { AppError } from '../../lib/app-error.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { pgErrorCode, SQLSTATE } from '../../db/transaction.ts';
import {
  diningTables,
  invitations,
  orders,
  reservationMembers,
  reservations,
  restaurants,
  rooms,
  users,
  type DeliveryAddress,
  type ReservationKind,
  type ReservationStatus,
} from '../../db/schema.ts';

/** Runs `write`; the table-clash constraint firing becomes 409 TABLE_TAKEN (never a 500). */
async function guardTableClash<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === SQLSTATE.exclusionViolation) {
      throw new AppError('TABLE_TAKEN', 'That table is already reserved for an overlapping time');
    }
    throw error;
  }
}

/** What a reservation or an invitation shows of its restaurant (mappers.ts toReservationRestaurant). */
export const restaurantColumns = {
  id: restaurants.id,
  slug: restaurants.slug,
  name: restaurants.name,
  address: restaurants.address,
  city: restaurants.city,
  country: restaurants.country,
  currency: restaurants.currency,
  timeZone: restaurants.timeZone,
  images: restaurants.images,
};

/** What the rules need of a restaurant. */
export interface BookingRestaurantRow {
  id: string;
  slug: string;
  name: string;
  address: string;
  city: string;
  country: string;
  currency: (typeof restaurants.currency.enumValues)[number];
  timeZone: string;
  images: string[];
  lat: number;
  lng: number;
  openingHours: typeof restaurants.$inferSelect.openingHours;
  pickup: boolean;
  delivery: typeof restaurants.$inferSelect.delivery;
  /** docs/product.md#booking-limits */
  limits: BookingLimits;
}

export interface TableRow {
  roomId: string;
  roomName: { es: string; en: string };
  tableId: string;
  number: number;
  seats: number;
}

/** A table with its room, as {@link TableRow}. */
export const tableColumns = {
  roomId: rooms.id,
  roomName: rooms.name,
  tableId: diningTables.id,
  number: diningTables.number,
  seats: diningTables.seats,
};

const selectReservation = (executor: DbExecutor) =>
  executor
    .select({
      id: reservations.id,
      restaurantId: reservations.restaurantId,
      roomId: reservations.roomId,
      tableId: reservations.tableId,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
      quantity: reservations.quantity,
      comments: reservations.comments,
      status: reservations.status,
      kind: reservations.kind,
      deliveryAddress: reservations.deliveryAddress,
      deliveryPriceMinor: reservations.deliveryPriceMinor,
      createdBy: reservations.createdBy,
      requestedAssistance: reservations.requestedAssistance,
      ordersReadyNotification: reservations.ordersReadyNotification,
      createdAt: reservations.createdAt,
      updatedAt: reservations.updatedAt,
      restaurant: restaurantColumns,
      tableNumber: diningTables.number,
      tableSeats: diningTables.seats,
      roomName: rooms.name,
    })
    .from(reservations)
    .innerJoin(restaurants, eq(restaurants.id, reservations.restaurantId))
    .leftJoin(diningTables, eq(diningTables.id, reservations.tableId))
    .leftJoin(rooms, eq(rooms.id, reservations.roomId));

export type ReservationRow = Awaited<ReturnType<ReturnType<typeof selectReservation>['execute']>>[number];

export interface MemberRow {
  reservationId: string;
  userId: string;
  displayName: string;
  photoURL: string | null;
  isGuest: boolean;
  email: string;
  locale: string | null;
}

export interface NewReservation {
  restaurantId: string;
  roomId: string | null;
  tableId: string | null;
  startsAt: Date;
  endsAt: Date;
  quantity: number;
  comments: string | null;
  kind: ReservationKind;
  deliveryAddress: DeliveryAddress | null;
  deliveryPriceMinor: number | null;
  createdBy: string;
}

export interface ReservationChanges {
  roomId?: string | null;
  tableId?: string | null;
  startsAt?: Date;
  endsAt?: Date;
  quantity?: number;
  comments?: string | null;
  status?: ReservationStatus;
  requestedAssistance?: boolean;
  ordersReadyNotification?: boolean;
}

/** A reservation at a table, as the domain's clash rule reads it (findClash, markFreeTables). */
export interface TableHoldRow {
  id: string;
  status: ReservationStatus;
  table: { roomId: string; tableId: string } | null;
  time: { start: Date; end: Date };
}

/** Keyset position in a reservation list. */
export interface ReservationKeyset {
  startsAt: Date;
  id: string;
}

/** What a staff event of a reservation carries: its restaurant and its two flags (null: no such reservation). */
export async function staffEventStateOf(
  tx: DbExecutor,
  reservationId: string,
): Promise<{ restaurantId: string; requestedAssistance: boolean; ordersReadyNotification: boolean } | null> {
  const [row] = await tx
    .select({
      restaurantId: reservations.restaurantId,
      requestedAssistance: reservations.requestedAssistance,
      ordersReadyNotification: reservations.ordersReadyNotification,
    })
    .from(reservations)
    .where(eq(reservations.id, reservationId))
    .limit(1);
  return row ?? null;
}

/**
 * Bookings of one table take turns until the transaction ends (FOR NO KEY UPDATE on the table's
 * row: the reservations' foreign-key checks, FOR KEY SHARE, still pass). Without it, two inserts
 * of overlapping slots could each wait on the other's uncommitted row of the exclusion
 * constraint: a deadlock PostgreSQL only breaks after `deadlock_timeout` (1 s), holding both
 * connections meanwhile; 50 bookings of one table at once then ran the pool dry (500s). With it
 * the second insert sees the first's committed row and answers TABLE_TAKEN at once.
 */
async function lockTableForBooking(tableId: string, tx: DbExecutor): Promise<void> {
  await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(eq(diningTables.id, tableId))
    .for('no key update');
}

/** lockTableForBooking for the table `reservationId` holds now (none when it has no table). */
async function lockTableOfReservation(reservationId: string, tx: DbExecutor): Promise<void> {
  await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(
      inArray(
        diningTables.id,
        tx.select({ id: reservations.tableId }).from(reservations).where(eq(reservations.id, reservationId)),
      ),
    )
    .for('no key update');
}

export function reservationRepository(db: Db) {
  return {
    /**
     * The restaurant's reservations starting in [start, end), every status: by room order and
     * table number (those without a table last), then start.
     */
    async listStartingBetween(
      restaurantId: string,
      range: { start: Date; end: Date },
      tx: DbExecutor = db,
    ): Promise<ReservationRow[]> {
      return selectReservation(tx)
        .where(
          and(
            eq(reservations.restaurantId, restaurantId),
            gte(reservations.startsAt, range.start),
            lt(reservations.startsAt, range.end),
          ),
        )
        .orderBy(
          sql`${rooms.position} ASC NULLS LAST`,
          sql`${rooms.key} ASC NULLS LAST`,
          sql`${diningTables.number} ASC NULLS LAST`,
          asc(reservations.startsAt),
          asc(reservations.id),
        );
    },

    async findRestaurant(id: string, tx: DbExecutor = db): Promise<BookingRestaurantRow | null> {
      const [row] = await tx
        .select({
          ...restaurantColumns,
          lat: restaurants.lat,
          lng: restaurants.lng,
          openingHours: restaurants.openingHours,
          pickup: restaurants.pickup,
          delivery: restaurants.delivery,
          limits: {
            horizonDays: restaurants.bookingHorizonDays,
            maxPartySize: restaurants.maxPartySize,
            maxTakeawayPartySize: restaurants.maxTakeawayPartySize,
            maxPerUser: restaurants.maxReservationsPerUser,
            maxPerGuest: restaurants.maxReservationsPerGuest,
          },
        })
        .from(restaurants)
        .where(eq(restaurants.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Locks the diner's user row until the transaction ends: bookings of one diner take turns, so
     * their limits hold under simultaneous requests (FOR NO KEY UPDATE: rows referencing the user
     * can still be written meanwhile).
     */
    async lockDiner(userId: string, tx: DbExecutor): Promise<void> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    },

    /** The active reservations the diner is a member of that end after `now`, anywhere. */
    async listHeldReservations(userId: string, now: Date, tx: DbExecutor = db): Promise<HeldReservation[]> {
      const rows = await tx
        .select({
          id: reservations.id,
          restaurantId: reservations.restaurantId,
          createdBy: reservations.createdBy,
          status: reservations.status,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
        })
        .from(reservationMembers)
        .innerJoin(reservations, eq(reservations.id, reservationMembers.reservationId))
        .where(
          and(
            eq(reservationMembers.userId, userId),
            ne(reservations.status, 'cancelled'),
            gt(reservations.endsAt, now),
          ),
        );
      return rows.map((row) => ({
        id: row.id,
        restaurantId: row.restaurantId,
        isCreator: row.createdBy === userId,
        status: row.status,
        time: { start: row.startsAt, end: row.endsAt },
      }));
    },

    /** The table, when it is in that room of that restaurant. */
    async findTable(
      restaurantId: string,
      roomId: string,
      tableId: string,
      tx: DbExecutor = db,
    ): Promise<TableRow | null> {
      const [row] = await tx
        .select(tableColumns)
        .from(diningTables)
        .innerJoin(rooms, eq(rooms.id, diningTables.roomId))
        .where(
          and(
            eq(diningTables.id, tableId),
            eq(diningTables.roomId, roomId),
            eq(diningTables.restaurantId, restaurantId),
            eq(rooms.restaurantId, restaurantId),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The restaurant's tables with at least `minSeats` seats, in room order, then by number. */
    async listTables(restaurantId: string, minSeats: number, tx: DbExecutor = db): Promise<TableRow[]> {
      return tx
        .select(tableColumns)
        .from(diningTables)
        .innerJoin(rooms, eq(rooms.id, diningTables.roomId))
        .where(and(eq(diningTables.restaurantId, restaurantId), sql`${diningTables.seats} >= ${minSeats}`))
        .orderBy(asc(rooms.position), asc(rooms.key), asc(diningTables.number));
    },

    /**
     * The restaurant's reservations at a table that are under way at some moment of `slot`,
     * whatever their status: what the domain's clash rule reads to tell which tables are free (the
     * exclusion constraint applies the same rule when a reservation is written).
     */
    async listTableReservationsDuring(
      restaurantId: string,
      slot: { start: Date; end: Date },
      tx: DbExecutor = db,
    ): Promise<TableHoldRow[]> {
      const rows = await tx
        .select({
          id: reservations.id,
          status: reservations.status,
          roomId: reservations.roomId,
          tableId: reservations.tableId,
          startsAt: reservations.startsAt,
          endsAt: reservations.endsAt,
        })
        .from(reservations)
        .where(
          and(
            eq(reservations.restaurantId, restaurantId),
            isNotNull(reservations.tableId),
            gt(reservations.endsAt, slot.start),
            lt(reservations.startsAt, slot.end),
          ),
        );
      return rows.map(({ roomId, tableId, startsAt, endsAt, ...row }) => ({
        ...row,
        table: roomId && tableId ? { roomId, tableId } : null,
        time: { start: startsAt, end: endsAt },
      }));
    },

    /** Inserts the reservation; 409 TABLE_TAKEN when the exclusion constraint refuses it. */
    async insert(values: NewReservation, tx: DbExecutor = db): Promise<string> {
      if (values.tableId) await lockTableForBooking(values.tableId, tx);
      const [row] = await guardTableClash(() =>
        tx.insert(reservations).values(values).returning({ id: reservations.id }),
      );
      if (!row) throw new Error('reservation was not inserted');
      return row.id;
    },

    /** Applies `changes`; 409 TABLE_TAKEN when the move or the new table clashes. */
    async update(id: string, changes: ReservationChanges, tx: DbExecutor = db): Promise<void> {
      if (changes.tableId) await lockTableForBooking(changes.tableId, tx);
      else if (changes.tableId === undefined && (changes.startsAt || changes.endsAt)) {
        // a new time at the same table clashes like a booking of it: it takes its turn too
        await lockTableOfReservation(id, tx);
      }
      await guardTableClash(() =>
        tx
          .update(reservations)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(eq(reservations.id, id)),
      );
    },

    /**
     * The delivery price as the bill's `delivery` line (no product, one unit, its author the
     * creator): every amount of the bill is an order row (docs/product.md#orders).
     */
    async insertDeliveryLine(
      line: { reservationId: string; userId: string; priceMinor: number },
      tx: DbExecutor = db,
    ): Promise<void> {
      await tx.insert(orders).values({
        reservationId: line.reservationId,
        kind: 'delivery',
        productId: null,
        userId: line.userId,
        quantity: 1,
        unitPriceMinor: line.priceMinor,
        totalPriceMinor: line.priceMinor,
      });
    },

    async findById(id: string, tx: DbExecutor = db): Promise<ReservationRow | null> {
      const [row] = await selectReservation(tx).where(eq(reservations.id, id)).limit(1);
      return row ?? null;
    },

    /** Locks the reservation row until the transaction ends (serialises changes to it). */
    async lock(id: string, tx: DbExecutor): Promise<boolean> {
      const rows = await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.id, id))
        .for('update');
      return rows.length > 0;
    },

    async addMember(reservationId: string, userId: string, tx: DbExecutor = db): Promise<boolean> {
      const rows = await tx
        .insert(reservationMembers)
        .values({ reservationId, userId })
        .onConflictDoNothing()
        .returning({ userId: reservationMembers.userId });
      return rows.length > 0;
    },

    async removeMember(reservationId: string, userId: string, tx: DbExecutor = db): Promise<boolean> {
      const rows = await tx
        .delete(reservationMembers)
        .where(
          and(eq(reservationMembers.reservationId, reservationId), eq(reservationMembers.userId, userId)),
        )
        .returning({ userId: reservationMembers.userId });
      return rows.length > 0;
    },

    async isMember(reservationId: string, userId: string, tx: DbExecutor = db): Promise<boolean> {
      const rows = await tx
        .select({ userId: reservationMembers.userId })
        .from(reservationMembers)
        .where(
          and(eq(reservationMembers.reservationId, reservationId), eq(reservationMembers.userId, userId)),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Members of each reservation, in the order they joined. */
    async listMembers(reservationIds: string[], tx: DbExecutor = db): Promise<MemberRow[]> {
      if (reservationIds.length === 0) return [];
      return tx
        .select({
          reservationId: reservationMembers.reservationId,
          userId: users.id,
          displayName: users.name,
          photoURL: users.image,
          isGuest: users.isAnonymous,
          email: users.email,
          locale: users.locale,
        })
        .from(reservationMembers)
        .innerJoin(users, eq(users.id, reservationMembers.userId))
        .where(inArray(reservationMembers.reservationId, reservationIds))
        .orderBy(asc(reservationMembers.joinedAt), asc(users.id));
    },

    /** The creator's confirmed reservations that start after `now`, in id order (lock order). */
    async listUpcomingConfirmedIdsOf(creatorId: string, now: Date, tx: DbExecutor = db): Promise<string[]> {
      const rows = await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          and(
            eq(reservations.createdBy, creatorId),
            eq(reservations.status, 'confirmed'),
            gt(reservations.startsAt, now),
          ),
        )
        .orderBy(asc(reservations.id));
      return rows.map((row) => row.id);
    },

    /** Users with a pending invitation to the reservation (those with an account). */
    async listPendingInviteeIds(reservationId: string, tx: DbExecutor = db): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ userId: invitations.userId })
        .from(invitations)
        .where(
          and(
            eq(invitations.reservationId, reservationId),
            isNull(invitations.accepted),
            isNull(invitations.revokedAt),
            isNotNull(invitations.userId),
          ),
        );
      return rows.map((row) => row.userId).filter((userId) => userId !== null);
    },

    async findUser(
      userId: string,
      tx: DbExecutor = db,
    ): Promise<{ id: string; displayName: string; photoURL: string | null; locale: string | null } | null> {
      const [row] = await tx
        .select({ id: users.id, displayName: users.name, photoURL: users.image, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /**
     * The diner's reservations, cancelled ones left out. `current`: not over at `now`, soonest
     * first; `history`: over, latest first. Keyset on (starts_at, id).
     */
    async listForMember(
      filter: {
        userId: string;
        scope: 'current' | 'history';
        now: Date;
        after: ReservationKeyset | null;
        limit: number;
      },
      tx: DbExecutor = db,
    ): Promise<ReservationRow[]> {
      const isCurrent = filter.scope === 'current';
      const now = filter.now;
      const conditions: (SQL | undefined)[] = [
        sql`EXISTS (SELECT 1 FROM ${reservationMembers} WHERE ${reservationMembers.reservationId} = ${reservations.id} AND ${reservationMembers.userId} = ${filter.userId})`,
        ne(reservations.status, 'cancelled'),
        isCurrent ? gt(reservations.endsAt, now) : lte(reservations.endsAt, now),
      ];
      if (filter.after) {
        const { startsAt, id } = filter.after;
        conditions.push(
          isCurrent
            ? or(
                gt(reservations.startsAt, startsAt),
                and(eq(reservations.startsAt, startsAt), gt(reservations.id, id)),
              )
            : or(
                sql`${reservations.startsAt} < ${startsAt.toISOString()}::timestamptz`,
                and(eq(reservations.startsAt, startsAt), sql`${reservations.id} < ${id}::uuid`),
              ),
        );
      }
      const order = isCurrent
        ? [asc(reservations.startsAt), asc(reservations.id)]
        : [desc(reservations.startsAt), desc(reservations.id)];
      return selectReservation(tx)
        .where(and(...conditions))
        .orderBy(...order)
        .limit(filter.limit);
    },
  };
}
