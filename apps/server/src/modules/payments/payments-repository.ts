/**
 * The SQL of paying a table's bill (docs/decisions/0017-payments.md): pending payments,
 * their allocations against the bill lines, the lines' payment counters, the restaurant's payment
 * settings and the payer's points. Counters move by guarded UPDATEs under the line's row lock, and
 * the orders' CHECK (`paid + pending ≤ allocated ≤ price`) refuses anything else, so no race can
 * pay a line twice or beyond its price.
 *
 * Lock order of every payment write (no deadlocks): the reservation → the transaction → the
 * pending payment → the bill lines in id order → the points balance.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import {
  orders,
  paymentAllocations,
  pendingPayments,
  products,
  restaurants,
  transactions,
  userPoints,
  users,
  type AllocationStatus,
  type PaymentType,
  type PendingPaymentStatus,
} from '../../db/schema.ts';

export type PendingPaymentRow = typeof pendingPayments.$inferSelect;
export type AllocationRow = typeof paymentAllocations.$inferSelect;

/** What paying reads of a restaurant. */
export interface PaymentRestaurantRow {
  id: string;
  name: string;
  country: string;
  currency: (typeof restaurants.currency.enumValues)[number];
  timeZone: string;
  payments: typeof restaurants.$inferSelect.payments;
  pointsRatePoints: number;
  pointsRatePerMinor: number;
  suggestedTipPercent: number | null;
}

/** A bill line as payments see it. */
export interface PayLineRow {
  id: string;
  totalPriceMinor: number;
  allocatedMinor: number;
  pendingMinor: number;
  paidMinor: number;
}

/** A pending payment with its payer's name and its latest transaction. */
export type PendingPaymentListRow = PendingPaymentRow & {
  payerName: string;
  transactionId: string | null;
  transactionStatus: (typeof transactions.status.enumValues)[number] | null;
};

/** An allocation with what the receipt e-mail shows of its line. */
export interface AllocationLineRow {
  orderId: string;
  amountMinor: number;
  kind: (typeof orders.kind.enumValues)[number];
  quantity: number;
  totalPriceMinor: number;
  productName: { es: string; en: string } | null;
}

export type NewPendingPayment = Pick<
  PendingPaymentRow,
  | 'reservationId'
  | 'payerUserId'
  | 'amountMinor'
  | 'tipsMinor'
  | 'chosenTips'
  | 'paymentType'
  | 'orderIds'
  | 'expiresAt'
  | 'createdAt'
>;

/** The payer of a line a single payment covers whole: `payer` of the order answer. */
export interface LinePayer {
  userId: string;
  paymentType: PaymentType;
  at: Date;
}

/** A column of the latest transaction of each pending payment (a correlated subquery). */
const latestTransaction = (column: 'id' | 'status') =>
  sql`(SELECT ${sql.identifier(column)} FROM ${transactions}
       WHERE ${transactions.pendingPaymentId} = ${pendingPayments.id}
       ORDER BY ${transactions.createdAt} DESC, ${transactions.id} DESC LIMIT 1)`;

/** Pending payments with their payer's name and latest transaction (filter with `.where`). */
const selectListRows = (tx: DbExecutor) =>
  tx
    .select({
      entry: pendingPayments,
      payerName: users.name,
      transactionId: latestTransaction('id'),
      transactionStatus: latestTransaction('status'),
    })
    .from(pendingPayments)
    .innerJoin(users, eq(users.id, pendingPayments.payerUserId));

const toListRow = ({
  entry,
  payerName,
  transactionId,
  transactionStatus,
}: Awaited<ReturnType<typeof selectListRows>>[number]): PendingPaymentListRow => ({
  ...entry,
  payerName,
  transactionId: (transactionId as string | null) ?? null,
  transactionStatus: (transactionStatus as PendingPaymentListRow['transactionStatus']) ?? null,
});

/** What a payment reads of a bill line: its price and payment counters. */
const PAY_LINE_COLUMNS = {
  id: orders.id,
  totalPriceMinor: orders.totalPriceMinor,
  allocatedMinor: orders.allocatedMinor,
  pendingMinor: orders.pendingMinor,
  paidMinor: orders.paidMinor,
};

export function paymentRepository(db: Db) {
  return {
    async findRestaurant(id: string, tx: DbExecutor = db): Promise<PaymentRestaurantRow | null> {
      const [row] = await tx
        .select({
          id: restaurants.id,
          name: restaurants.name,
          country: restaurants.country,
          currency: restaurants.currency,
          timeZone: restaurants.timeZone,
          payments: restaurants.payments,
          pointsRatePoints: restaurants.pointsRatePoints,
          pointsRatePerMinor: restaurants.pointsRatePerMinor,
          suggestedTipPercent: restaurants.suggestedTipPercent,
        })
        .from(restaurants)
        .where(eq(restaurants.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Every bill line of the reservation, locked in id order until the transaction ends, answered
     * oldest first (the order payments are spread in).
     */
    async lockLines(reservationId: string, tx: DbExecutor): Promise<PayLineRow[]> {
      const locked = await tx
        .select({ ...PAY_LINE_COLUMNS, createdAt: orders.createdAt })
        .from(orders)
        .where(eq(orders.reservationId, reservationId))
        .orderBy(asc(orders.id))
        .for('update');
      return locked
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .map(({ createdAt: _createdAt, ...line }) => line);
    },

    /** The lines `ids`, locked in id order until the transaction ends. */
    async lockLinesById(ids: string[], tx: DbExecutor): Promise<PayLineRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select(PAY_LINE_COLUMNS)
        .from(orders)
        .where(inArray(orders.id, ids))
        .orderBy(asc(orders.id))
        .for('update');
    },

    /**
     * Holds `amount` more of the line for a payment, only while what is held, pending and paid
     * stays within its price. False: another payment took it first.
     */
    async hold(orderId: string, amount: number, tx: DbExecutor): Promise<boolean> {
      const rows = await tx
        .update(orders)
        .set({ allocatedMinor: sql`${orders.allocatedMinor} + ${amount}` })
        .where(
          and(eq(orders.id, orderId), sql`${orders.allocatedMinor} + ${amount} <= ${orders.totalPriceMinor}`),
        )
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /** Gives back `amount` a payment held (or had pending) of the line; clears its payer with it. */
    async release(orderId: string, amount: number, wasPending: boolean, tx: DbExecutor): Promise<void> {
      await tx
        .update(orders)
        .set({
          allocatedMinor: sql`${orders.allocatedMinor} - ${amount}`,
          ...(wasPending
            ? {
                pendingMinor: sql`${orders.pendingMinor} - ${amount}`,
                paidBy: null,
                paymentType: null,
                paidAt: null,
                pendingToConfirmed: false,
              }
            : {}),
        })
        .where(eq(orders.id, orderId));
    },

    /**
     * `amount` held of the line now awaits the restaurant's confirmation; `payer` when this payment
     * covers the whole line (`pendingToConfirmed` until confirmed).
     */
    async markPending(
      orderId: string,
      amount: number,
      payer: LinePayer | null,
      tx: DbExecutor,
    ): Promise<void> {
      await tx
        .update(orders)
        .set({
          pendingMinor: sql`${orders.pendingMinor} + ${amount}`,
          ...(payer
            ? {
                paidBy: payer.userId,
                paymentType: payer.paymentType,
                paidAt: payer.at,
                pendingToConfirmed: true,
              }
            : {}),
        })
        .where(eq(orders.id, orderId));
    },

    /** `amount` of the line is paid (it was held, or pending when `wasPending`); `payer` as above. */
    async markPaid(
      orderId: string,
      amount: number,
      wasPending: boolean,
      payer: LinePayer | null,
      tx: DbExecutor,
    ): Promise<void> {
      await tx
        .update(orders)
        .set({
          paidMinor: sql`${orders.paidMinor} + ${amount}`,
          ...(wasPending ? { pendingMinor: sql`${orders.pendingMinor} - ${amount}` } : {}),
          ...(payer
            ? {
                paidBy: payer.userId,
                paymentType: payer.paymentType,
                paidAt: payer.at,
                pendingToConfirmed: false,
              }
            : {}),
        })
        .where(eq(orders.id, orderId));
    },

    // -- pending payments ----------------------------------------------------------------------

    /** The pending payment (of the reservation, when given), locked until the transaction ends. */
    async lockPendingPayment(id: string, tx: DbExecutor): Promise<PendingPaymentRow | null> {
      const [row] = await tx.select().from(pendingPayments).where(eq(pendingPayments.id, id)).for('update');
      return row ?? null;
    },

    async findPendingPayment(id: string, tx: DbExecutor = db): Promise<PendingPaymentRow | null> {
      const [row] = await tx.select().from(pendingPayments).where(eq(pendingPayments.id, id)).limit(1);
      return row ?? null;
    },

    /** The payer's open entry of that tips choice and payment type, locked (the one to merge into). */
    async lockOpenEntry(
      key: Pick<PendingPaymentRow, 'reservationId' | 'payerUserId' | 'chosenTips' | 'paymentType'>,
      tx: DbExecutor,
      exceptId?: string,
    ): Promise<PendingPaymentRow | null> {
      const [row] = await tx
        .select()
        .from(pendingPayments)
        .where(
          and(
            eq(pendingPayments.reservationId, key.reservationId),
            eq(pendingPayments.payerUserId, key.payerUserId),
            eq(pendingPayments.chosenTips, key.chosenTips),
            eq(pendingPayments.paymentType, key.paymentType),
            eq(pendingPayments.status, 'open'),
            exceptId ? sql`${pendingPayments.id} <> ${exceptId}` : undefined,
          ),
        )
        .for('update');
      return row ?? null;
    },

    async insertPendingPayment(entry: NewPendingPayment, tx: DbExecutor): Promise<PendingPaymentRow> {
      const [row] = await tx.insert(pendingPayments).values(entry).returning();
      return row!;
    },

    async updatePendingPayment(
      id: string,
      changes: Partial<
        Pick<PendingPaymentRow, 'amountMinor' | 'tipsMinor' | 'orderIds' | 'status' | 'expiresAt'>
      >,
      tx: DbExecutor,
    ): Promise<PendingPaymentRow> {
      const [row] = await tx
        .update(pendingPayments)
        .set(changes)
        .where(eq(pendingPayments.id, id))
        .returning();
      return row!;
    },

    /** The reservation's pending payments in `statuses`, oldest first, with payer and latest transaction. */
    async listPendingPayments(
      reservationId: string,
      statuses: PendingPaymentStatus[],
      tx: DbExecutor = db,
    ): Promise<PendingPaymentListRow[]> {
      const rows = await selectListRows(tx)
        .where(
          and(eq(pendingPayments.reservationId, reservationId), inArray(pendingPayments.status, statuses)),
        )
        .orderBy(asc(pendingPayments.createdAt), asc(pendingPayments.id));
      return rows.map(toListRow);
    },

    /** One pending payment as {@link listPendingPayments} answers it. */
    async findPendingPaymentListRow(id: string, tx: DbExecutor = db): Promise<PendingPaymentListRow | null> {
      const [row] = await selectListRows(tx).where(eq(pendingPayments.id, id));
      return row ? toListRow(row) : null;
    },

    /** Open entries of the reservation whose hold ended at `now`, locked, oldest first. */
    async lockExpiredEntries(reservationId: string, now: Date, tx: DbExecutor): Promise<PendingPaymentRow[]> {
      return tx
        .select()
        .from(pendingPayments)
        .where(
          and(
            eq(pendingPayments.reservationId, reservationId),
            eq(pendingPayments.status, 'open'),
            lte(pendingPayments.expiresAt, now),
          ),
        )
        .orderBy(asc(pendingPayments.id))
        .for('update');
    },

    /** Whether the reservation has an open entry whose hold ended at `now` (no lock). */
    async hasExpiredEntries(reservationId: string, now: Date, tx: DbExecutor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: pendingPayments.id })
        .from(pendingPayments)
        .where(
          and(
            eq(pendingPayments.reservationId, reservationId),
            eq(pendingPayments.status, 'open'),
            lte(pendingPayments.expiresAt, now),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    // -- allocations ---------------------------------------------------------------------------

    /** Adds `allocations` to the payment's (one row per order: an order added again adds to it). */
    async addAllocations(
      pendingPaymentId: string,
      allocations: { orderId: string; amountMinor: number }[],
      tx: DbExecutor,
    ): Promise<void> {
      if (allocations.length === 0) return;
      await tx
        .insert(paymentAllocations)
        .values(
          allocations.map((a) => ({ pendingPaymentId, orderId: a.orderId, amountMinor: a.amountMinor })),
        )
        .onConflictDoUpdate({
          target: [paymentAllocations.pendingPaymentId, paymentAllocations.orderId],
          set: {
            amountMinor: sql`${paymentAllocations.amountMinor} + excluded.amount_minor`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** The payment's allocations in `status` (all when omitted), by order id. */
    async listAllocations(
      pendingPaymentId: string,
      tx: DbExecutor = db,
      status?: AllocationStatus,
    ): Promise<AllocationRow[]> {
      return tx
        .select()
        .from(paymentAllocations)
        .where(
          and(
            eq(paymentAllocations.pendingPaymentId, pendingPaymentId),
            status ? eq(paymentAllocations.status, status) : undefined,
          ),
        )
        .orderBy(asc(paymentAllocations.orderId));
    },

    /** The allocations of several payments that are not released, in bill order (for the answers). */
    async listLiveAllocations(pendingPaymentIds: string[], tx: DbExecutor = db): Promise<AllocationRow[]> {
      if (pendingPaymentIds.length === 0) return [];
      const rows = await tx
        .select({ allocation: paymentAllocations })
        .from(paymentAllocations)
        .innerJoin(orders, eq(orders.id, paymentAllocations.orderId))
        .where(
          and(
            inArray(paymentAllocations.pendingPaymentId, pendingPaymentIds),
            sql`${paymentAllocations.status} <> 'released'`,
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id));
      return rows.map((row) => row.allocation);
    },

    /** The payment's allocations with their lines' names, oldest line first (the receipt). */
    async listAllocationLines(pendingPaymentId: string, tx: DbExecutor = db): Promise<AllocationLineRow[]> {
      return tx
        .select({
          orderId: paymentAllocations.orderId,
          amountMinor: paymentAllocations.amountMinor,
          kind: orders.kind,
          quantity: orders.quantity,
          totalPriceMinor: orders.totalPriceMinor,
          productName: products.name,
        })
        .from(paymentAllocations)
        .innerJoin(orders, eq(orders.id, paymentAllocations.orderId))
        .leftJoin(products, eq(products.id, orders.productId))
        .where(eq(paymentAllocations.pendingPaymentId, pendingPaymentId))
        .orderBy(asc(orders.createdAt), asc(orders.id));
    },

    async setAllocationStatus(
      pendingPaymentId: string,
      from: AllocationStatus,
      to: AllocationStatus,
      tx: DbExecutor,
    ): Promise<void> {
      await tx
        .update(paymentAllocations)
        .set({ status: to })
        .where(
          and(eq(paymentAllocations.pendingPaymentId, pendingPaymentId), eq(paymentAllocations.status, from)),
        );
    },

    /** Moves every allocation of `fromId` onto `toId` (merged entries), adding where both have one. */
    async moveAllocations(fromId: string, toId: string, tx: DbExecutor): Promise<void> {
      await tx.execute(sql`
        INSERT INTO ${paymentAllocations} (pending_payment_id, order_id, amount_minor, status)
        SELECT ${toId}::uuid, order_id, amount_minor, status FROM ${paymentAllocations}
        WHERE pending_payment_id = ${fromId}::uuid
        ON CONFLICT (pending_payment_id, order_id)
        DO UPDATE SET amount_minor = ${paymentAllocations}.amount_minor + excluded.amount_minor, updated_at = now()`);
      await tx.delete(paymentAllocations).where(eq(paymentAllocations.pendingPaymentId, fromId));
    },

    // -- points ----------------------------------------------------------------------------------

    /** Adds `points` to the payer's balance at the restaurant (made when there is none). */
    async earnPoints(userId: string, restaurantId: string, points: number, tx: DbExecutor): Promise<void> {
      if (points <= 0) return;
      await tx
        .insert(userPoints)
        .values({ userId, restaurantId, balance: points })
        .onConflictDoUpdate({
          target: [userPoints.userId, userPoints.restaurantId],
          set: { balance: sql`${userPoints.balance} + ${points}`, updatedAt: sql`now()` },
        });
    },

    /** The payer as the receipt e-mail needs them. */
    async findPayer(
      userId: string,
      tx: DbExecutor = db,
    ): Promise<{ email: string; name: string; locale: string | null; isGuest: boolean } | null> {
      const [row] = await tx
        .select({ email: users.email, name: users.name, locale: users.locale, isGuest: users.isAnonymous })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },
  };
}

export type PaymentRepository = ReturnType<typeof paymentRepository>;
