/**
 * The restaurant's payments (docs/product.md#staff-console): the list, and the confirmation or
 * rejection of a Pago Móvil transfer or a cash payment — the payments module's
 * confirmTransaction / rejectTransaction (orders paid or due again, points, the payer told live
 * and by e-mail), with the audit record written in the decision's transaction. A decision on a
 * transaction that is no longer pending changes nothing: 409 CONFLICT TRANSACTION_DECIDED.
 */
import type { StaffTransaction, StaffTransactionList, StaffTransactionsQuery } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  confirmTransaction,
  listRestaurantTransactions,
  readRestaurantTransaction,
  rejectTransaction,
  type DecisionOptions,
  type RestaurantTransaction,
  type TransactionDecision,
} from '../payments/index.ts';
import { recordAction } from './audit.ts';
import { toStaffTransaction } from './mappers.ts';
import { requireStaff, requireStaffOf, type StaffCaller } from './staff-access.ts';
import { staffRepository } from './staff-repository.ts';

const DEFAULT_LIMIT = 50;
const cursorSchema = z.object({ createdAt: z.iso.datetime(), id: z.uuid() }).strict();

async function answer(
  ctx: Pick<RequestContext, 'db'>,
  caller: StaffCaller,
  entries: RestaurantTransaction[],
): Promise<StaffTransaction[]> {
  const repository = staffRepository(ctx.db);
  const [places, names] = await Promise.all([
    repository.reservationPlaces([...new Set(entries.map((entry) => entry.transaction.reservationId))]),
    repository.userNames([
      ...new Set(entries.flatMap((entry) => (entry.decidedByUserId ? [entry.decidedByUserId] : []))),
    ]),
  ]);
  const placeOf = new Map(places.map((place) => [place.id, place]));
  const nameOf = new Map(names.map((user) => [user.id, user.name]));
  return entries.map((entry) =>
    toStaffTransaction(
      entry,
      placeOf.get(entry.transaction.reservationId),
      caller.restaurant.timeZone,
      entry.decidedByUserId ? (nameOf.get(entry.decidedByUserId) ?? null) : null,
    ),
  );
}

/** GET /api/staff/restaurants/:id/transactions?status=: newest first, paged. */
export async function listStaffTransactions(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  query: StaffTransactionsQuery,
): Promise<StaffTransactionList> {
  const caller = await requireStaff(ctx, diner, restaurantId);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const after = query.cursor ? decodeCursor(query.cursor, cursorSchema) : undefined;
  const rows = await listRestaurantTransactions(ctx, restaurantId, {
    ...(query.status ? { status: query.status } : {}),
    limit: limit + 1,
    ...(after ? { after: { createdAt: new Date(after.createdAt), id: after.id } } : {}),
  });
  const page = keysetPage(rows, limit, (last) => ({
    createdAt: last.createdAt.toISOString(),
    id: last.transaction.id,
  }));
  return { items: await answer(ctx, caller, page.items), nextCursor: page.nextCursor };
}

type Decide = (options: DecisionOptions) => Promise<TransactionDecision>;

async function decideAsStaff(
  ctx: RequestContext,
  diner: Diner,
  transactionId: string,
  action: 'transaction.confirmed' | 'transaction.rejected',
  decide: Decide,
): Promise<StaffTransaction> {
  // the payments module answers 404 to anyone who does not work at the transaction's restaurant
  const decision = await decide({
    record: (tx, { before, after }) =>
      recordAction(ctx, tx, diner, {
        restaurantId: after.restaurantId,
        action,
        target: { type: 'transaction', id: after.id },
        before: { status: before.status },
        after: {
          status: after.status,
          ...(after.status === 'approved' ? { pointsEarned: after.pointsEarned } : {}),
          ...(after.status === 'rejected'
            ? { reason: (after.report as { rejectionReason?: string } | null)?.rejectionReason ?? null }
            : {}),
        },
      }),
  });
  const { restaurantId } = decision.transaction;
  if (!decision.changed) {
    throw new AppError('CONFLICT', `This payment is already ${decision.transaction.status}`, {
      reason: 'TRANSACTION_DECIDED',
      status: decision.transaction.status,
    });
  }
  const caller = await requireStaffOf(ctx, diner, restaurantId, 'Transaction');
  const [answered] = await answer(ctx, caller, [
    await readRestaurantTransaction(ctx, restaurantId, transactionId),
  ]);
  return answered!;
}

const guard = (diner: Diner, transactionId: string) => {
  if (diner.isGuest || !isUuid(transactionId)) throw AppError.notFound('Transaction');
};

/** POST /api/staff/transactions/:id/confirm. */
export async function confirmAsStaff(
  ctx: RequestContext,
  diner: Diner,
  transactionId: string,
): Promise<StaffTransaction> {
  guard(diner, transactionId);
  return decideAsStaff(ctx, diner, transactionId, 'transaction.confirmed', (options) =>
    confirmTransaction(ctx, transactionId, diner.userId, options),
  );
}

/** POST /api/staff/transactions/:id/reject { reason }. */
export async function rejectAsStaff(
  ctx: RequestContext,
  diner: Diner,
  transactionId: string,
  reason: string,
): Promise<StaffTransaction> {
  guard(diner, transactionId);
  return decideAsStaff(ctx, diner, transactionId, 'transaction.rejected', (options) =>
    rejectTransaction(ctx, transactionId, diner.userId, reason, options),
  );
}
