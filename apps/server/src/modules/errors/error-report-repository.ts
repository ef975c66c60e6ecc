/** The SQL of the error records (`error_reports`, docs/telemetry.md#error-records). */
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { errorReports, restaurants } from '../../db/schema.ts';

export type ErrorReportRow = typeof errorReports.$inferSelect & { restaurantName: string | null };
export type NewErrorReport = Omit<typeof errorReports.$inferInsert, 'id' | 'seq'>;

export interface ErrorReportFilter {
  restaurantIds: readonly string[];
  kind?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  beforeSeq?: number | undefined;
}

export function errorReportRepository(db: Db) {
  return {
    /** Whether the restaurant exists (a record names only real restaurants). */
    async restaurantExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, id));
      return row !== undefined;
    },

    async insert(report: NewErrorReport): Promise<{ id: string }> {
      const [row] = await db.insert(errorReports).values(report).returning({ id: errorReports.id });
      if (!row) throw new Error('error report: the insert answered no row');
      return row;
    },

    /** Drops the records written before `cutoff` (the retention). */
    async deleteOlderThan(cutoff: Date): Promise<void> {
      await db.delete(errorReports).where(lt(errorReports.createdAt, cutoff));
    },

    /** The records of the restaurants, newest first, `limit` of them before `beforeSeq`. */
    async list(filter: ErrorReportFilter, limit: number): Promise<ErrorReportRow[]> {
      if (filter.restaurantIds.length === 0) return [];
      const rows = await db
        .select({ report: errorReports, restaurantName: restaurants.name })
        .from(errorReports)
        .leftJoin(restaurants, eq(restaurants.id, errorReports.restaurantId))
        .where(
          and(
            inArray(errorReports.restaurantId, [...filter.restaurantIds]),
            filter.kind !== undefined ? eq(errorReports.kind, filter.kind) : undefined,
            filter.from !== undefined ? gte(errorReports.createdAt, filter.from) : undefined,
            filter.to !== undefined ? lt(errorReports.createdAt, filter.to) : undefined,
            filter.beforeSeq !== undefined ? lt(errorReports.seq, filter.beforeSeq) : undefined,
          ),
        )
        .orderBy(desc(errorReports.seq))
        .limit(limit);
      return rows.map(({ report, restaurantName }) => ({ ...report, restaurantName }));
    },
  };
}
