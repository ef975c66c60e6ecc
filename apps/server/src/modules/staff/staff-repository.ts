/**
 * The SQL of the staff console's own reads and writes: memberships (`restaurant_staff`), the
 * restaurants a user works at, the users staff are added by, and the few facts of reservations and
 * users the transaction list shows. Reservations, orders, payments and products are read and
 * written through their modules.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  diningTables,
  reservations,
  restaurants,
  restaurantStaff,
  rooms,
  transactions,
  users,
  type StaffRole,
} from '../../db/schema.ts';

export interface StaffRestaurantRow {
  id: string;
  name: string;
  city: string;
  currency: 'CLP' | 'PEN' | 'EUR' | 'VES' | 'USD';
  timeZone: string;
}

const restaurantColumns = {
  id: restaurants.id,
  name: restaurants.name,
  city: restaurants.city,
  currency: restaurants.currency,
  timeZone: restaurants.timeZone,
};

export interface MemberRow {
  userId: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  role: StaffRole;
  createdAt: Date;
}

const memberColumns = {
  userId: users.id,
  email: users.email,
  displayName: users.name,
  photoURL: users.image,
  role: restaurantStaff.role,
  createdAt: restaurantStaff.createdAt,
};

export function staffRepository(db: Db) {
  return {
    /** The user's role at the restaurant, or null. */
    async roleOf(userId: string, restaurantId: string, tx: DbExecutor = db): Promise<StaffRole | null> {
      const [row] = await tx
        .select({ role: restaurantStaff.role })
        .from(restaurantStaff)
        .where(and(eq(restaurantStaff.userId, userId), eq(restaurantStaff.restaurantId, restaurantId)))
        .limit(1);
      return row?.role ?? null;
    },

    /** The restaurants the user works at, with the role, by name. */
    async listRestaurantsOf(userId: string): Promise<(StaffRestaurantRow & { role: StaffRole })[]> {
      return db
        .select({ ...restaurantColumns, role: restaurantStaff.role })
        .from(restaurantStaff)
        .innerJoin(restaurants, eq(restaurants.id, restaurantStaff.restaurantId))
        .where(eq(restaurantStaff.userId, userId))
        .orderBy(asc(restaurants.name), asc(restaurants.id));
    },

    async findRestaurant(id: string): Promise<StaffRestaurantRow | null> {
      const [row] = await db
        .select(restaurantColumns)
        .from(restaurants)
        .where(eq(restaurants.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Owners first, then by name. */
    async listMembers(restaurantId: string, tx: DbExecutor = db): Promise<MemberRow[]> {
      return tx
        .select(memberColumns)
        .from(restaurantStaff)
        .innerJoin(users, eq(users.id, restaurantStaff.userId))
        .where(eq(restaurantStaff.restaurantId, restaurantId))
        .orderBy(
          sql`CASE ${restaurantStaff.role} WHEN 'owner' THEN 0 ELSE 1 END`,
          asc(users.name),
          asc(users.id),
        );
    },

    async findMember(restaurantId: string, userId: string, tx: DbExecutor = db): Promise<MemberRow | null> {
      const [row] = await tx
        .select(memberColumns)
        .from(restaurantStaff)
        .innerJoin(users, eq(users.id, restaurantStaff.userId))
        .where(and(eq(restaurantStaff.restaurantId, restaurantId), eq(restaurantStaff.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** An account (not a guest) by e-mail, whatever its case. */
    async findUserByEmail(email: string, tx: DbExecutor = db): Promise<{ id: string } | null> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isAnonymous, false)))
        .limit(1);
      return row ?? null;
    },

    /** Adds the membership; false when the user already works there (nothing changed). */
    async insertMember(
      restaurantId: string,
      userId: string,
      role: StaffRole,
      createdAt: Date,
      tx: DbExecutor,
    ) {
      const rows = await tx
        .insert(restaurantStaff)
        .values({ restaurantId, userId, role, createdAt })
        .onConflictDoNothing()
        .returning({ userId: restaurantStaff.userId });
      return rows.length > 0;
    },

    async deleteMember(restaurantId: string, userId: string, tx: DbExecutor): Promise<void> {
      await tx
        .delete(restaurantStaff)
        .where(and(eq(restaurantStaff.restaurantId, restaurantId), eq(restaurantStaff.userId, userId)));
    },

    /**
     * Locks every membership of the restaurant until the transaction ends (two owners removing each
     * other at once: the second sees the first's removal) and answers how many owners there are.
     */
    async lockMembersCountingOwners(restaurantId: string, tx: DbExecutor): Promise<number> {
      const rows = await tx
        .select({ role: restaurantStaff.role })
        .from(restaurantStaff)
        .where(eq(restaurantStaff.restaurantId, restaurantId))
        .orderBy(asc(restaurantStaff.userId))
        .for('update');
      return rows.filter((row) => row.role === 'owner').length;
    },

    /** Where each reservation is: its start and its table (room name, number). */
    async reservationPlaces(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: reservations.id,
          startsAt: reservations.startsAt,
          tableNumber: diningTables.number,
          roomName: rooms.name,
        })
        .from(reservations)
        .leftJoin(diningTables, eq(diningTables.id, reservations.tableId))
        .leftJoin(rooms, eq(rooms.id, reservations.roomId))
        .where(inArray(reservations.id, ids));
    },

    /** Per reservation, how many transfers and cash payments wait for the restaurant. */
    async countTransactionsToDecide(reservationIds: string[]): Promise<Map<string, number>> {
      if (reservationIds.length === 0) return new Map();
      const rows = await db
        .select({ reservationId: transactions.reservationId, count: sql<number>`count(*)::int` })
        .from(transactions)
        .where(
          and(
            inArray(transactions.reservationId, reservationIds),
            eq(transactions.status, 'pending'),
            ne(transactions.paymentType, 'webpay'),
          ),
        )
        .groupBy(transactions.reservationId);
      return new Map(rows.map((row) => [row.reservationId, row.count]));
    },

    /** Display names of users by id. */
    async userNames(ids: string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return [];
      return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    },

    /** The user's name and e-mail (the audit keeps them). */
    async findUser(id: string, tx: DbExecutor = db): Promise<{ name: string; email: string } | null> {
      const [row] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },
  };
}
