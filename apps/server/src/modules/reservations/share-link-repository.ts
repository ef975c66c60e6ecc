import { count, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { reservationMembers, reservations } from '../../db/schema.ts';

/** A new share key: the same draw as the column's default (122 random bits, 32 hex digits). */
const newKey = sql`replace(gen_random_uuid()::text, '-', '')`;

/** The share link's key of a reservation, and how many members it has (docs/product.md#share-link). */
export function shareLinkRepository(db: Db) {
  return {
    /** The key (null: the link is off), or undefined for an unknown reservation. */
    async findKey(reservationId: string, tx: DbExecutor = db): Promise<string | null | undefined> {
      const [row] = await tx
        .select({ key: reservations.shareToken })
        .from(reservations)
        .where(eq(reservations.id, reservationId))
        .limit(1);
      return row ? row.key : undefined;
    },

    /** Draws a new key (the old one stops working) and answers it. */
    async renew(reservationId: string, tx: DbExecutor = db): Promise<string> {
      const [row] = await tx
        .update(reservations)
        .set({ shareToken: newKey })
        .where(eq(reservations.id, reservationId))
        .returning({ key: reservations.shareToken });
      if (!row?.key) throw new Error('share key was not renewed');
      return row.key;
    },

    /** Turns the link off. */
    async turnOff(reservationId: string, tx: DbExecutor = db): Promise<void> {
      await tx.update(reservations).set({ shareToken: null }).where(eq(reservations.id, reservationId));
    },

    async countMembers(reservationId: string, tx: DbExecutor = db): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(reservationMembers)
        .where(eq(reservationMembers.reservationId, reservationId));
      return row?.value ?? 0;
    },
  };
}
