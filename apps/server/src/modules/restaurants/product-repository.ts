import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { qualified as q } from '../../db/sql.ts';
import { favoriteProducts, products } from '../../db/schema.ts';

const productColumns = {
  ...getTableColumns(products),
  favoritesCount: sql<number>`(SELECT count(*)::int FROM ${favoriteProducts} WHERE ${q(favoriteProducts.productId)} = ${q(products.id)})`,
};

export type ProductRow = typeof products.$inferSelect & { favoritesCount: number };
/** Columns a writer may set (ids, restaurant and timestamps are the repository's). */
export type ProductChanges = Partial<
  Omit<typeof products.$inferInsert, 'id' | 'restaurantId' | 'createdAt' | 'updatedAt'>
>;
export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

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

    /** A product by its seed key (e2e and scripts refer to demo products by it). */
    async findIdByKey(restaurantId: string, key: string, tx: DbExecutor = db): Promise<string | null> {
      const [row] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.restaurantId, restaurantId), eq(products.key, key)))
        .limit(1);
      return row?.id ?? null;
    },

    /** Locks the row for the caller's transaction; null when it is not the restaurant's. */
    async lockById(
      restaurantId: string,
      productId: string,
      tx: DbExecutor,
    ): Promise<typeof products.$inferSelect | null> {
      const [row] = await tx
        .select()
        .from(products)
        .where(and(eq(products.restaurantId, restaurantId), eq(products.id, productId)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async update(
      restaurantId: string,
      productId: string,
      changes: ProductChanges,
      tx: DbExecutor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(products)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(products.restaurantId, restaurantId), eq(products.id, productId)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** The next free position at the end of a section. */
    async nextPosition(restaurantId: string, section: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .select({ next: sql<number>`coalesce(max(${products.position}) + 1, 0)::int` })
        .from(products)
        .where(and(eq(products.restaurantId, restaurantId), eq(products.section, section)));
      return row?.next ?? 0;
    },

    async insert(product: NewProduct, tx: DbExecutor = db): Promise<string> {
      const [row] = await tx.insert(products).values(product).returning({ id: products.id });
      if (!row) throw new Error('product was not inserted');
      return row.id;
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
