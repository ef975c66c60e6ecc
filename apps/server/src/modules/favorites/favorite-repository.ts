import type { FavoriteType } from '@comensal/contracts';
import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { qualified as q } from '../../db/sql.ts';
import { favoriteProducts, favoriteRestaurants, products, restaurants, users } from '../../db/schema.ts';

/** Keyset position: the exact `created_at` as PostgreSQL prints it (microseconds kept) and the id. */
export interface FavoriteKeyset {
  at: string;
  id: string;
}

export interface FavoriteRestaurantRef {
  restaurantId: string;
  favoritedAt: Date;
  keyset: FavoriteKeyset;
}

export interface FavoriteProductRow {
  /** The product's row with its favourites count (what the restaurants module's toProduct maps). */
  product: typeof products.$inferSelect & { favoritesCount: number };
  restaurant: {
    id: string;
    slug: string;
    name: string;
    country: string;
    currency: (typeof restaurants.$inferSelect)['currency'];
    timeZone: string;
  };
  favoritedAt: Date;
  keyset: FavoriteKeyset;
}

const exactAt = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const tables = {
  restaurants: { table: favoriteRestaurants, target: favoriteRestaurants.restaurantId },
  products: { table: favoriteProducts, target: favoriteProducts.productId },
} as const;

export function favoriteRepository(db: Db) {
  /** Older than the keyset, newest first: (created_at, id) < (at, id). */
  const before = (createdAt: SQL, id: SQL, after: FavoriteKeyset | null) =>
    after ? sql`(${createdAt}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;

  return {
    /**
     * Locks the user's row for the caller's transaction (serialises one diner's favourite writes,
     * so the per-type limit is exact); false when the user row is gone.
     */
    async lockUser(userId: string, tx: DbExecutor): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update')
        .limit(1);
      return row !== undefined;
    },

    async countByUser(type: FavoriteType, userId: string, tx: DbExecutor = db): Promise<number> {
      const { table } = tables[type];
      const [row] = await tx.select({ n: count() }).from(table).where(eq(table.userId, userId));
      return row?.n ?? 0;
    },

    /** Inserts the row unless it is there; true when it was added now. */
    async add(type: FavoriteType, userId: string, targetId: string, tx: DbExecutor = db): Promise<boolean> {
      const rows =
        type === 'restaurants'
          ? await tx
              .insert(favoriteRestaurants)
              .values({ userId, restaurantId: targetId })
              .onConflictDoNothing()
              .returning({ userId: favoriteRestaurants.userId })
          : await tx
              .insert(favoriteProducts)
              .values({ userId, productId: targetId })
              .onConflictDoNothing()
              .returning({ userId: favoriteProducts.userId });
      return rows.length > 0;
    },

    /** Deletes the row if it is there; true when it was removed now. */
    async remove(
      type: FavoriteType,
      userId: string,
      targetId: string,
      tx: DbExecutor = db,
    ): Promise<boolean> {
      const { table, target } = tables[type];
      const rows = await tx
        .delete(table)
        .where(and(eq(table.userId, userId), eq(target, targetId)))
        .returning({ userId: table.userId });
      return rows.length > 0;
    },

    async isFavorite(
      type: FavoriteType,
      userId: string,
      targetId: string,
      tx: DbExecutor = db,
    ): Promise<boolean> {
      const { table, target } = tables[type];
      const [row] = await tx
        .select({ userId: table.userId })
        .from(table)
        .where(and(eq(table.userId, userId), eq(target, targetId)))
        .limit(1);
      return row !== undefined;
    },

    /** How many diners favourited the restaurant/product: counted from the rows, the one source. */
    async countFor(type: FavoriteType, targetId: string, tx: DbExecutor = db): Promise<number> {
      const { table, target } = tables[type];
      const [row] = await tx.select({ n: count() }).from(table).where(eq(target, targetId));
      return row?.n ?? 0;
    },

    async listIds(type: FavoriteType, userId: string, limit: number, tx: DbExecutor = db): Promise<string[]> {
      const { table, target } = tables[type];
      const rows = await tx
        .select({ id: target })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(desc(table.createdAt), desc(target))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async listRestaurants(
      userId: string,
      after: FavoriteKeyset | null,
      limit: number,
      tx: DbExecutor = db,
    ): Promise<FavoriteRestaurantRef[]> {
      const rows = await tx
        .select({
          restaurantId: favoriteRestaurants.restaurantId,
          favoritedAt: favoriteRestaurants.createdAt,
          at: exactAt(sql`${favoriteRestaurants.createdAt}`),
        })
        .from(favoriteRestaurants)
        .where(
          and(
            eq(favoriteRestaurants.userId, userId),
            before(sql`${favoriteRestaurants.createdAt}`, sql`${favoriteRestaurants.restaurantId}`, after),
          ),
        )
        .orderBy(desc(favoriteRestaurants.createdAt), desc(favoriteRestaurants.restaurantId))
        .limit(limit);
      return rows.map((row) => ({
        restaurantId: row.restaurantId,
        favoritedAt: row.favoritedAt,
        keyset: { at: row.at, id: row.restaurantId },
      }));
    },

    async listProducts(
      userId: string,
      after: FavoriteKeyset | null,
      limit: number,
      tx: DbExecutor = db,
    ): Promise<FavoriteProductRow[]> {
      const rows = await tx
        .select({
          product: {
            ...getTableColumns(products),
            favoritesCount: sql<number>`(SELECT count(*)::int FROM ${favoriteProducts} AS fp WHERE fp.product_id = ${q(products.id)})`,
          },
          restaurant: {
            id: restaurants.id,
            slug: restaurants.slug,
            name: restaurants.name,
            country: restaurants.country,
            currency: restaurants.currency,
            timeZone: restaurants.timeZone,
          },
          favoritedAt: favoriteProducts.createdAt,
          at: exactAt(sql`${q(favoriteProducts.createdAt)}`),
        })
        .from(favoriteProducts)
        .innerJoin(products, eq(products.id, favoriteProducts.productId))
        .innerJoin(restaurants, eq(restaurants.id, products.restaurantId))
        .where(
          and(
            eq(favoriteProducts.userId, userId),
            before(q(favoriteProducts.createdAt), q(favoriteProducts.productId), after),
          ),
        )
        .orderBy(desc(favoriteProducts.createdAt), desc(favoriteProducts.productId))
        .limit(limit);
      return rows.map(({ at, ...row }) => ({ ...row, keyset: { at, id: row.product.id } }));
    },

    /** The product's restaurant and whether it is hidden; null for an unknown product. */
    async findProductTarget(
      productId: string,
      tx: DbExecutor = db,
    ): Promise<{ restaurantId: string; hidden: boolean } | null> {
      const [row] = await tx
        .select({ restaurantId: products.restaurantId, hidden: products.hidden })
        .from(products)
        .where(eq(products.id, productId))
        .limit(1);
      return row ?? null;
    },
  };
}
