/**
 * The client record (docs/product.md#client-record), one per restaurant and diner: the diner, plus
 * one entry per reservation (date, reservationId, tableNumber, delivery, pickup). Created or
 * appended in the transaction that creates the reservation (or adds the diner to it), so both exist
 * or neither.
 */
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { clientRecordRepository } from './client-record-repository.ts';

export const MISSING_IDS_MESSAGE = 'Restaurant ID or Reservation ID is missing.';

export interface ClientRecordEntry {
  restaurantId: string | null | undefined;
  reservationId: string | null | undefined;
  userId: string;
  /** The reservation's start. */
  date: Date;
  tableNumber: number | null;
  delivery: boolean;
  pickup: boolean;
}

/**
 * Creates the client record of `entry.userId` at the restaurant, or appends the reservation to
 * it. A reservation id is needed (docs/product.md#client-record-rule) — without the restaurant or
 * reservation id nothing is saved, `Restaurant ID or Reservation ID is missing.` is logged and
 * false returned.
 */
export async function saveClientRecord(
  ctx: Pick<RequestContext, 'db' | 'log'>,
  tx: DbExecutor,
  entry: ClientRecordEntry,
): Promise<boolean> {
  const { restaurantId, reservationId } = entry;
  if (!restaurantId || !reservationId) {
    ctx.log.error({ userId: entry.userId, restaurantId, reservationId }, MISSING_IDS_MESSAGE);
    return false;
  }
  const repository = clientRecordRepository(ctx.db);
  await repository.upsertRecord(restaurantId, entry.userId, tx);
  await repository.upsertReservation(
    {
      restaurantId,
      userId: entry.userId,
      reservationId,
      date: entry.date,
      tableNumber: entry.tableNumber,
      delivery: entry.delivery,
      pickup: entry.pickup,
    },
    tx,
  );
  return true;
}

/** After a reservation moved or changed table: every client-record entry of it follows. */
export async function refreshClientRecordEntries(
  ctx: Pick<RequestContext, 'db'>,
  tx: DbExecutor,
  reservationId: string,
  values: { date: Date; tableNumber: number | null },
): Promise<void> {
  await clientRecordRepository(ctx.db).refreshReservationEntries(reservationId, values, tx);
}
