import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { diningTables, rooms } from '../../db/schema.ts';
import { tableColumns, type TableRow } from './reservation-repository.ts';

/** A parsed table link: the table by id or by number, in one room or in the first that has it. */
export type TableLink = ({ tableId: string } | { number: number }) & { roomId: string | null };

/** The tables a table link points at (docs/product.md#table-links). */
export function tableLinkRepository(db: Db) {
  return {
    /** The restaurant's table of the link; without a room, the first room (room order) that has it. */
    async findTable(restaurantId: string, link: TableLink, tx: DbExecutor = db): Promise<TableRow | null> {
      const conditions: SQL[] = [
        eq(diningTables.restaurantId, restaurantId),
        eq(rooms.restaurantId, restaurantId),
        'tableId' in link ? eq(diningTables.id, link.tableId) : eq(diningTables.number, link.number),
      ];
      if (link.roomId !== null) conditions.push(eq(rooms.id, link.roomId));
      const [row] = await tx
        .select(tableColumns)
        .from(diningTables)
        .innerJoin(rooms, eq(rooms.id, diningTables.roomId))
        .where(and(...conditions))
        .orderBy(asc(rooms.position), asc(rooms.key))
        .limit(1);
      return row ?? null;
    },
  };
}
