import type { ErrorReport, ErrorReportList, ErrorReportsQuery } from '@comensal/contracts';
import { z } from 'zod';
import type { RequestContext } from '../../lib/context.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { errorReportRepository, type ErrorReportRow } from './error-report-repository.ts';

const DEFAULT_LIMIT = 30;
const cursorSchema = z.object({ seq: z.number().int().positive() }).strict();

const toErrorReport = (row: ErrorReportRow): ErrorReport => ({
  id: row.id,
  kind: row.kind as ErrorReport['kind'],
  message: row.message,
  stack: row.stack,
  route: row.route,
  restaurantId: row.restaurantId,
  restaurantName: row.restaurantName,
  reservationId: row.reservationId,
  appVersion: row.appVersion,
  locale: row.locale,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The records of `restaurantIds` (the caller's, checked by the caller of this function), newest
 * first, filtered and paged (docs/telemetry.md#who-reads-them).
 */
export async function listErrorReports(
  ctx: Pick<RequestContext, 'db'>,
  restaurantIds: readonly string[],
  query: Omit<ErrorReportsQuery, 'restaurantId'>,
): Promise<ErrorReportList> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const beforeSeq = query.cursor ? decodeCursor(query.cursor, cursorSchema).seq : undefined;
  const rows = await errorReportRepository(ctx.db).list(
    {
      restaurantIds,
      kind: query.kind,
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      beforeSeq,
    },
    limit + 1,
  );
  const page = keysetPage(rows, limit, (last) => ({ seq: last.seq }));
  return { items: page.items.map(toErrorReport), nextCursor: page.nextCursor };
}
