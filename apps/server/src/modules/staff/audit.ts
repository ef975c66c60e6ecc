/**
 * The record of every staff action (docs/product.md#audit), written by the action's use case
 * inside the action's own transaction: both exist or neither.
 */
import type { StaffAuditAction } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { auditRepository, type NewAuditEntry } from './audit-repository.ts';

export interface AuditEntry {
  restaurantId: string;
  action: StaffAuditAction;
  target: { type: NewAuditEntry['targetType']; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordAction(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  tx: DbExecutor,
  actor: Diner,
  entry: AuditEntry,
): Promise<void> {
  await auditRepository(ctx.db).insert(
    {
      restaurantId: entry.restaurantId,
      actorUserId: actor.userId,
      actorName: actor.displayName,
      actorEmail: actor.email,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      before: entry.before,
      after: entry.after,
      createdAt: ctx.now(),
    },
    tx,
  );
}

/** The fields of `after` that differ from `before`, with their values on each side. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field] ?? null])),
    after: Object.fromEntries(changed.map((field) => [field, after[field] ?? null])),
  };
}
