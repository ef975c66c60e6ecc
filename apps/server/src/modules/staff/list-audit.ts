import type { StaffAuditList, StaffAuditQuery } from '@comensal/contracts';
import { z } from 'zod';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { auditRepository } from './audit-repository.ts';
import { toAuditEntry } from './mappers.ts';
import { requireStaff } from './staff-access.ts';

const DEFAULT_LIMIT = 50;
const cursorSchema = z.object({ seq: z.number().int().positive() }).strict();

/** GET /api/staff/restaurants/:id/audit: the restaurant's staff actions, newest first, paged. */
export async function listAudit(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  query: StaffAuditQuery,
): Promise<StaffAuditList> {
  await requireStaff(ctx, diner, restaurantId);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const before = query.cursor ? decodeCursor(query.cursor, cursorSchema).seq : undefined;
  const rows = await auditRepository(ctx.db).list(restaurantId, limit + 1, before);
  const page = keysetPage(rows, limit, (last) => ({ seq: last.seq }));
  return { items: page.items.map(toAuditEntry), nextCursor: page.nextCursor };
}
