/**
 * The SQL of analytics events (docs/telemetry.md#events): the insert of a batch (an event id seen
 * before is skipped), the retention sweep, and the distinct visitors per step of a restaurant's day.
 */
import { and, count, countDistinct, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema.ts';

export interface EventRow {
  id: string;
  visitorId: string;
  name: (typeof analyticsEvents.$inferInsert)['name'];
  restaurantId: string | null;
  params: Record<string, unknown>;
  occurredAt: Date;
  receivedAt: Date;
}

export function analyticsRepository(db: DbExecutor) {
  return {
    /** Stores the events whose id is new; answers how many were new. */
    async insertEvents(rows: EventRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(analyticsEvents)
        .values(rows)
        .onConflictDoNothing({ target: analyticsEvents.id })
        .returning({ id: analyticsEvents.id });
      return inserted.length;
    },

    /** Deletes the events that happened before `cutoff` (an index range: nothing to do costs a probe). */
    async deleteBefore(cutoff: Date): Promise<number> {
      const deleted = await db
        .delete(analyticsEvents)
        .where(lt(analyticsEvents.occurredAt, cutoff))
        .returning({ id: analyticsEvents.id });
      return deleted.length;
    },

    /**
     * Distinct visitors per event name of a restaurant in [start, end), for `names`, and the
     * distinct visitors who did any of `either`.
     */
    async distinctVisitors(
      restaurantId: string,
      range: { start: Date; end: Date },
      names: readonly string[],
      either: readonly string[],
    ): Promise<{ byName: Map<string, number>; either: number }> {
      const inDay = and(
        eq(analyticsEvents.restaurantId, restaurantId),
        gte(analyticsEvents.occurredAt, range.start),
        lt(analyticsEvents.occurredAt, range.end),
      );
      const [rows, [any]] = await Promise.all([
        db
          .select({ name: analyticsEvents.name, visitors: countDistinct(analyticsEvents.visitorId) })
          .from(analyticsEvents)
          .where(and(inDay, inArray(analyticsEvents.name, [...names] as EventRow['name'][])))
          .groupBy(analyticsEvents.name),
        db
          .select({ visitors: countDistinct(analyticsEvents.visitorId) })
          .from(analyticsEvents)
          .where(and(inDay, inArray(analyticsEvents.name, [...either] as EventRow['name'][]))),
      ]);
      return {
        byName: new Map(rows.map((row) => [row.name, Number(row.visitors)])),
        either: Number(any?.visitors ?? 0),
      };
    },

    /** Tests: how many events there are. */
    async countAll(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(analyticsEvents);
      return Number(row?.n ?? 0);
    },
  };
}
