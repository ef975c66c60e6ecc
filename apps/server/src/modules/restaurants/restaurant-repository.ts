import { asc, eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { diningTables, restaurants, rooms } from '../../db/schema.ts';
import { summaryColumns } from './list/list-repository.ts';

/** Everything a restaurant's detail shows: the summary and the rest. */
function selectRestaurants(executor: DbExecutor, now: Date) {
  return executor
    .select({
      ...summaryColumns(now.toISOString(), null),
      phone: restaurants.phone,
      openingHours: restaurants.openingHours,
      pickup: restaurants.pickup,
      delivery: restaurants.delivery,
      payments: restaurants.payments,
      reviewUrl: restaurants.reviewUrl,
      suggestedTipPercent: restaurants.suggestedTipPercent,
      sections: restaurants.sections,
    })
    .from(restaurants);
}

export type RestaurantRow = Awaited<ReturnType<ReturnType<typeof selectRestaurants>['execute']>>[number];

export interface RoomRow {
  id: string;
  key: string;
  name: { es: string; en: string };
  tables: { id: string; number: number; seats: number }[];
}

export function restaurantRepository(db: Db) {
  return {
    async exists(id: string, tx: DbExecutor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.id, id))
        .limit(1);
      return row !== undefined;
    },

    /** The few fields writers need (currency for prices, sections to validate a product's). */
    async findBasics(
      id: string,
      tx: DbExecutor = db,
    ): Promise<Pick<
      RestaurantRow,
      'id' | 'slug' | 'name' | 'country' | 'currency' | 'timeZone' | 'sections'
    > | null> {
      const [row] = await tx
        .select({
          id: restaurants.id,
          slug: restaurants.slug,
          name: restaurants.name,
          country: restaurants.country,
          currency: restaurants.currency,
          timeZone: restaurants.timeZone,
          sections: restaurants.sections,
        })
        .from(restaurants)
        .where(eq(restaurants.id, id))
        .limit(1);
      return row ?? null;
    },

    async findIdBySlug(slug: string, tx: DbExecutor = db): Promise<string | null> {
      const [row] = await tx
        .select({ id: restaurants.id })
        .from(restaurants)
        .where(eq(restaurants.slug, slug))
        .limit(1);
      return row?.id ?? null;
    },

    async findById(id: string, now: Date, tx: DbExecutor = db): Promise<RestaurantRow | null> {
      const [row] = await selectRestaurants(tx, now).where(eq(restaurants.id, id)).limit(1);
      return row ?? null;
    },

    /** Rooms in display order with their tables by number. */
    async listRooms(restaurantId: string, tx: DbExecutor = db): Promise<RoomRow[]> {
      const [roomRows, tableRows] = await Promise.all([
        tx
          .select({ id: rooms.id, key: rooms.key, name: rooms.name })
          .from(rooms)
          .where(eq(rooms.restaurantId, restaurantId))
          .orderBy(asc(rooms.position), asc(rooms.key)),
        tx
          .select({
            id: diningTables.id,
            roomId: diningTables.roomId,
            number: diningTables.number,
            seats: diningTables.seats,
          })
          .from(diningTables)
          .where(eq(diningTables.restaurantId, restaurantId))
          .orderBy(asc(diningTables.number)),
      ]);
      return roomRows.map((room) => ({
        ...room,
        tables: tableRows
          .filter((t) => t.roomId === room.id)
          .map(({ id, number, seats }) => ({ id, number, seats })),
      }));
    },
  };
}
