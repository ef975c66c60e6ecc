/**
 * The SQL of transactions: one table for the restaurant's records and the global list
 * (`restaurant_id` on every row). A Webpay payment is found by its token or buy order, a Pago
 * Móvil transfer is unique by (bank, reference, date) — the database refuses a reused one.
 */
import { and, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { transactions, users, type TransactionStatus } from '../../db/schema.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type TransactionListRow = TransactionRow & { payerName: string };

export type NewTransaction = Pick<
  TransactionRow,
  | 'restaurantId'
  | 'reservationId'
  | 'payerUserId'
  | 'pendingPaymentId'
  | 'amountMinor'
  | 'tipsMinor'
  | 'orderIds'
  | 'paymentType'
> &
  Partial<Pick<TransactionRow, 'id' | 'buyOrder' | 'bankCode' | 'reference' | 'transferDate' | 'report'>> & {
    /** The context's clock (the 5-minute token and the lazy time-outs count from it). */
    createdAt: Date;
  };

export type TransactionChanges = Partial<
  Pick<
    TransactionRow,
    'status' | 'report' | 'receiptPath' | 'webpayToken' | 'pointsEarned' | 'decidedBy' | 'decidedAt'
  >
>;

/** The Pago Móvil triple's unique constraint (schema.ts). */
export const TRANSFER_UNIQUE_CONSTRAINT = 'transactions_transfer_unique';

/** The reservation's card payments still pending that started at or before `createdBefore`. */
const staleWebpay = (reservationId: string, createdBefore: Date) =>
  and(
    eq(transactions.reservationId, reservationId),
    eq(transactions.paymentType, 'webpay'),
    eq(transactions.status, 'pending'),
    lte(transactions.createdAt, createdBefore),
  );

/** A new transaction paying `entry` (its payer, amount, tip and orders), started at `createdAt`. */
export const transactionFor = (
  entry: Pick<TransactionRow, 'amountMinor' | 'tipsMinor' | 'orderIds' | 'paymentType'> & {
    id: string;
    reservationId: string;
    payerUserId: string;
  },
  restaurantId: string,
  createdAt: Date,
): NewTransaction => ({
  restaurantId,
  reservationId: entry.reservationId,
  payerUserId: entry.payerUserId,
  pendingPaymentId: entry.id,
  amountMinor: entry.amountMinor,
  tipsMinor: entry.tipsMinor,
  orderIds: entry.orderIds,
  paymentType: entry.paymentType,
  createdAt,
});

export function transactionRepository(db: Db) {
  return {
    async insert(row: NewTransaction, tx: DbExecutor): Promise<TransactionRow> {
      const [inserted] = await tx.insert(transactions).values(row).returning();
      return inserted!;
    },

    /** Changes the row; `at` (the context's clock) becomes its `updatedAt`. */
    async update(id: string, changes: TransactionChanges, at: Date, tx: DbExecutor): Promise<TransactionRow> {
      const [row] = await tx
        .update(transactions)
        .set({ ...changes, updatedAt: at })
        .where(eq(transactions.id, id))
        .returning();
      return row!;
    },

    async remove(id: string, tx: DbExecutor): Promise<void> {
      await tx.delete(transactions).where(eq(transactions.id, id));
    },

    async find(id: string, tx: DbExecutor = db): Promise<TransactionRow | null> {
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).limit(1);
      return row ?? null;
    },

    /** The transaction, locked until the transaction ends (one return, confirmation… at a time). */
    async lock(id: string, tx: DbExecutor): Promise<TransactionRow | null> {
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
      return row ?? null;
    },

    async findByToken(token: string, tx: DbExecutor = db): Promise<TransactionRow | null> {
      const [row] = await tx.select().from(transactions).where(eq(transactions.webpayToken, token)).limit(1);
      return row ?? null;
    },

    async findByBuyOrder(buyOrder: string, tx: DbExecutor = db): Promise<TransactionRow | null> {
      const [row] = await tx.select().from(transactions).where(eq(transactions.buyOrder, buyOrder)).limit(1);
      return row ?? null;
    },

    /** The latest transaction of a pending payment (the one under way, when it is processing). */
    async latestOf(pendingPaymentId: string, tx: DbExecutor = db): Promise<TransactionRow | null> {
      const [row] = await tx
        .select()
        .from(transactions)
        .where(eq(transactions.pendingPaymentId, pendingPaymentId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(1);
      return row ?? null;
    },

    /** The reservation's transactions, newest first, with the payer's name. */
    async listForReservation(reservationId: string, tx: DbExecutor = db): Promise<TransactionListRow[]> {
      const rows = await tx
        .select({ transaction: transactions, payerName: users.name })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.payerUserId))
        .where(eq(transactions.reservationId, reservationId))
        .orderBy(desc(transactions.createdAt), desc(transactions.id));
      return rows.map(({ transaction, payerName }) => ({ ...transaction, payerName }));
    },

    /**
     * The restaurant's transactions (of one status, or all), newest first, `limit` of them after
     * the keyset position `after`.
     */
    async listForRestaurant(
      restaurantId: string,
      options: { status?: TransactionStatus; limit: number; after?: { createdAt: Date; id: string } },
      tx: DbExecutor = db,
    ): Promise<TransactionListRow[]> {
      const { status, limit, after } = options;
      const rows = await tx
        .select({ transaction: transactions, payerName: users.name })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.payerUserId))
        .where(
          and(
            eq(transactions.restaurantId, restaurantId),
            status ? eq(transactions.status, status) : undefined,
            after
              ? or(
                  lt(transactions.createdAt, after.createdAt),
                  and(eq(transactions.createdAt, after.createdAt), lt(transactions.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(limit);
      return rows.map(({ transaction, payerName }) => ({ ...transaction, payerName }));
    },

    async findListRow(id: string, tx: DbExecutor = db): Promise<TransactionListRow | null> {
      const [row] = await tx
        .select({ transaction: transactions, payerName: users.name })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.payerUserId))
        .where(eq(transactions.id, id));
      return row ? { ...row.transaction, payerName: row.payerName } : null;
    },

    /**
     * Webpay transactions of the reservation still pending although created at or before
     * `createdBefore` (their card form is long gone), locked.
     */
    async lockStaleWebpay(
      reservationId: string,
      createdBefore: Date,
      tx: DbExecutor,
    ): Promise<TransactionRow[]> {
      return tx
        .select()
        .from(transactions)
        .where(staleWebpay(reservationId, createdBefore))
        .orderBy(transactions.id)
        .for('update');
    },

    async hasStaleWebpay(reservationId: string, createdBefore: Date, tx: DbExecutor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(staleWebpay(reservationId, createdBefore))
        .limit(1);
      return row !== undefined;
    },

    /** Counts rows in `status` (tests and benchmarks). */
    async countByStatus(
      reservationId: string,
      status: TransactionStatus,
      tx: DbExecutor = db,
    ): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(and(eq(transactions.reservationId, reservationId), eq(transactions.status, status)));
      return row?.n ?? 0;
    },
  };
}

export type TransactionRepository = ReturnType<typeof transactionRepository>;
