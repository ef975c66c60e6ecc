/**
 * The SQL of the table's order: the bill lines (`orders`), and what ordering takes and gives back
 * at the same moment — a product's stock (for products that prevent sales without stock) and the
 * diner's points at the restaurant. Both are guarded UPDATEs: they change nothing and answer
 * false when there is not enough, so no race can oversell a dish or spend points twice.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { orders, products, userPoints, users, type OrderedSelection } from '../../db/schema.ts';

export type { OrderedSelection };

/** What ordering reads of a product: its price, choices, visibility, points price and name. */
export type OrderProductRow = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'name'
  | 'imageUrl'
  | 'priceMinor'
  | 'preferences'
  | 'discount'
  | 'discountType'
  | 'scheduleStart'
  | 'scheduleEnd'
  | 'scheduleDays'
  | 'hidden'
  | 'stock'
  | 'preventSaleWithoutStock'
  | 'pointsPrice'
>;

export type OrderRow = typeof orders.$inferSelect;

/** A bill line with what the order answer shows of its product and its author. */
export type OrderLineRow = Omit<OrderRow, 'paidAt'> & {
  productName: OrderProductRow['name'] | null;
  productImageUrl: string | null;
  userName: string;
  userPhotoURL: string | null;
};

/** A dish line as ordered: priced by the server. */
export type NewOrderLine = Pick<
  OrderRow,
  | 'reservationId'
  | 'userId'
  | 'quantity'
  | 'comments'
  | 'preferences'
  | 'unitPriceMinor'
  | 'discountMinor'
  | 'totalPriceMinor'
  | 'pointsSpent'
> & { productId: string };

/** What an edit may change of a line: all but where it belongs, who wrote it and what dish it is. */
export type OrderLineChanges = Partial<Omit<NewOrderLine, 'reservationId' | 'userId' | 'productId'>>;

const lineColumns = {
  id: orders.id,
  reservationId: orders.reservationId,
  kind: orders.kind,
  productId: orders.productId,
  quantity: orders.quantity,
  comments: orders.comments,
  preferences: orders.preferences,
  unitPriceMinor: orders.unitPriceMinor,
  discountMinor: orders.discountMinor,
  totalPriceMinor: orders.totalPriceMinor,
  pointsSpent: orders.pointsSpent,
  allocatedMinor: orders.allocatedMinor,
  pendingMinor: orders.pendingMinor,
  paidMinor: orders.paidMinor,
  userId: orders.userId,
  paidBy: orders.paidBy,
  paymentType: orders.paymentType,
  pendingToConfirmed: orders.pendingToConfirmed,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  productName: products.name,
  productImageUrl: products.imageUrl,
  userName: users.name,
  userPhotoURL: users.image,
};

const productColumns = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  priceMinor: products.priceMinor,
  preferences: products.preferences,
  discount: products.discount,
  discountType: products.discountType,
  scheduleStart: products.scheduleStart,
  scheduleEnd: products.scheduleEnd,
  scheduleDays: products.scheduleDays,
  hidden: products.hidden,
  stock: products.stock,
  preventSaleWithoutStock: products.preventSaleWithoutStock,
  pointsPrice: products.pointsPrice,
};

/**
 * `column = column - amount` on the row `where` picks, only when `column >= amount` (a guarded
 * update: the row lock makes concurrent takers queue, and none takes more than is left). Whether
 * it took.
 */
async function takeIfEnough(
  tx: DbExecutor,
  column: typeof products.stock | typeof userPoints.balance,
  amount: number,
  where: SQL | undefined,
): Promise<boolean> {
  const result = await tx.execute(
    sql`UPDATE ${column.table} SET ${sql.identifier(column.name)} = ${column} - ${amount}, updated_at = now()
        WHERE ${where} AND ${column} >= ${amount}`,
  );
  return (result.rowCount ?? 0) > 0;
}

export function orderRepository(db: Db) {
  const listLines = (reservationId: string, tx: DbExecutor = db, ids?: string[]): Promise<OrderLineRow[]> =>
    tx
      .select(lineColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.reservationId, reservationId), ids ? inArray(orders.id, ids) : undefined))
      .orderBy(asc(orders.createdAt), asc(orders.id));

  return {
    /** The restaurant's products among `ids` (a product of another restaurant is absent). */
    async findProducts(restaurantId: string, ids: string[], tx: DbExecutor = db): Promise<OrderProductRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select(productColumns)
        .from(products)
        .where(and(eq(products.restaurantId, restaurantId), inArray(products.id, ids)));
    },

    /**
     * Takes `quantity` from the stock of a product that prevents sales without stock, only if
     * that many are left (the row is locked until the transaction ends). False: not enough.
     */
    takeStock: (productId: string, quantity: number, tx: DbExecutor): Promise<boolean> =>
      takeIfEnough(
        tx,
        products.stock,
        quantity,
        and(eq(products.id, productId), eq(products.preventSaleWithoutStock, true)),
      ),

    /** Gives `quantity` back to the stock of a product that prevents sales without stock. */
    async giveStock(productId: string, quantity: number, tx: DbExecutor): Promise<boolean> {
      const rows = await tx
        .update(products)
        .set({ stock: sql`coalesce(${products.stock}, 0) + ${quantity}` })
        .where(and(eq(products.id, productId), eq(products.preventSaleWithoutStock, true)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /** What is left of a product's stock (0 when not counted). */
    async findStock(productId: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, productId))
        .limit(1);
      return row?.stock ?? 0;
    },

    /** Spends `cost` points of the diner at the restaurant, only if the balance covers it. */
    spendPoints: (userId: string, restaurantId: string, cost: number, tx: DbExecutor): Promise<boolean> =>
      takeIfEnough(
        tx,
        userPoints.balance,
        cost,
        and(eq(userPoints.userId, userId), eq(userPoints.restaurantId, restaurantId)),
      ),

    /** Gives points back (the balance row is made when the diner has none any more). */
    async refundPoints(userId: string, restaurantId: string, points: number, tx: DbExecutor): Promise<void> {
      await tx
        .insert(userPoints)
        .values({ userId, restaurantId, balance: points })
        .onConflictDoUpdate({
          target: [userPoints.userId, userPoints.restaurantId],
          set: { balance: sql`${userPoints.balance} + ${points}`, updatedAt: sql`now()` },
        });
    },

    async findBalance(userId: string, restaurantId: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .select({ balance: userPoints.balance })
        .from(userPoints)
        .where(and(eq(userPoints.userId, userId), eq(userPoints.restaurantId, restaurantId)))
        .limit(1);
      return row?.balance ?? 0;
    },

    /**
     * Inserts the lines in one statement; the rows written, in the order given. Each line is a
     * microsecond after the one before it, so "oldest first" keeps the order they were sent in.
     */
    async insertLines(lines: NewOrderLine[], tx: DbExecutor): Promise<OrderRow[]> {
      if (lines.length === 0) return [];
      return tx
        .insert(orders)
        .values(
          lines.map((line, index) => ({
            ...line,
            kind: 'item' as const,
            createdAt: sql`now() + ${index} * interval '1 microsecond'`,
          })),
        )
        .returning();
    },

    /** The reservation's lines (or only `ids` of them), oldest first. */
    listLines,

    /** The lines of several reservations in one read (the staff board), oldest first. */
    async listLinesOf(reservationIds: string[]): Promise<OrderLineRow[]> {
      if (reservationIds.length === 0) return [];
      return db
        .select(lineColumns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(products, eq(products.id, orders.productId))
        .where(inArray(orders.reservationId, reservationIds))
        .orderBy(asc(orders.createdAt), asc(orders.id));
    },

    /** The line, locked until the transaction ends (payments change it under the same lock). */
    async lockLine(reservationId: string, orderId: string, tx: DbExecutor): Promise<OrderLineRow | null> {
      const locked = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.reservationId, reservationId), eq(orders.id, orderId)))
        .for('update');
      if (locked.length === 0) return null;
      const [row] = await listLines(reservationId, tx, [orderId]);
      return row ?? null;
    },

    async updateLine(orderId: string, changes: OrderLineChanges, tx: DbExecutor): Promise<void> {
      await tx.update(orders).set(changes).where(eq(orders.id, orderId));
    },

    async deleteLine(orderId: string, tx: DbExecutor): Promise<void> {
      await tx.delete(orders).where(eq(orders.id, orderId));
    },
  };
}

export type OrderRepository = ReturnType<typeof orderRepository>;
