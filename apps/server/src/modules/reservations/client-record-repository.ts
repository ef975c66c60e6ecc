import { eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { clientRecordReservations, clientRecords } from '../../db/schema.ts';

export interface ClientRecordReservationRow {
  restaurantId: string;
  userId: string;
  reservationId: string;
  date: Date;
  tableNumber: number | null;
  delivery: boolean;
  pickup: boolean;
}

export function clientRecordRepository(db: Db) {
  return {
    /** Creates the (restaurant, user) record, or touches it. */
    async upsertRecord(restaurantId: string, userId: string, tx: DbExecutor = db): Promise<void> {
      await tx
        .insert(clientRecords)
        .values({ restaurantId, userId })
        .onConflictDoUpdate({
          target: [clientRecords.restaurantId, clientRecords.userId],
          set: { updatedAt: sql`now()` },
        });
    },

    /** Appends the reservation to the record's list (or refreshes its entry). */
    async upsertReservation(entry: ClientRecordReservationRow, tx: DbExecutor = db): Promise<void> {
      await tx
        .insert(clientRecordReservations)
        .values(entry)
        .onConflictDoUpdate({
          target: [
            clientRecordReservations.restaurantId,
            clientRecordReservations.userId,
            clientRecordReservations.reservationId,
          ],
          set: {
            date: entry.date,
            tableNumber: entry.tableNumber,
            delivery: entry.delivery,
            pickup: entry.pickup,
          },
        });
    },

    /** Keeps every member's entry of a moved reservation in step (date, table number). */
    async refreshReservationEntries(
      reservationId: string,
      values: { date: Date; tableNumber: number | null },
      tx: DbExecutor = db,
    ): Promise<void> {
      await tx
        .update(clientRecordReservations)
        .set(values)
        .where(eq(clientRecordReservations.reservationId, reservationId));
    },
  };
}
