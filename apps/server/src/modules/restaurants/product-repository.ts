import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { qualified as q } from '../../db/sql.ts';
import { favoriteProducts, products } from '../../db/schema.ts';

const productColumns = {
  ...getTableColumns(products),
  favoritesCount: sql<number>`(SELECT count(*)::int FROM ${favoriteProducts} WHERE ${q(favoriteProducts.productId)} = ${q(products.id)})`,
};

export type ProductRow = typeof products.$inferSelect & { favoritesCount: number };

export function productRepository(db: Db) {
  return {
    /** Every product of the restaurant (visible or not) by section and position. */
    async listByRestaurant(restaurantId: string, tx: DbExecutor = db): Promise<ProductRow[]> {
      return tx
        .select(productColumns)
        .from(products)
        .where(eq(products.restaurantId, restaurantId))
        .orderBy(asc(products.section), asc(products.position), asc(products.id));
    },

    async findById(restaurantId: string, productId: string, tx: DbExecutor = db): Promise<ProductRow | null> {
      const [row] = await tx
        .select(productColumns)
        .from(products)
        .where(and(eq(products.restaurantId, restaurantId), eq(products.id, productId)))
        .limit(1);
      return row ?? null;
    },
  };
}
