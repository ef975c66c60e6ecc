import type { CompanionList } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { listCompanionRows } from './user-repository.ts';

/**
 * The caller's companions (docs/product.md#finding-whom-to-invite): signed-up members of the
 * reservations they are in, with id, display name and photo only.
 */
export async function listCompanions(ctx: Pick<RequestContext, 'db'>, diner: Diner): Promise<CompanionList> {
  const rows = await listCompanionRows(ctx.db, diner.userId);
  return { items: rows.map((row) => ({ id: row.id, displayName: row.name, photoURL: row.image })) };
}
