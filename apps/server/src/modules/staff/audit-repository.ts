/** The SQL of the staff audit (`staff_audit`, docs/product.md#audit). */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { staffAudit, type StaffAuditTarget } from '../../db/schema.ts';

export type AuditRow = typeof staffAudit.$inferSelect;

export interface NewAuditEntry {
  restaurantId: string;
  actorUserId: string;
  actorName: string;
  actorEmail: string;
  action: string;
  targetType: StaffAuditTarget;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
}

export function auditRepository(db: Db) {
  return {
    async insert(entry: NewAuditEntry, tx: DbExecutor): Promise<void> {
      await tx.insert(staffAudit).values(entry);
    },

    /** The restaurant's entries, newest first, `limit` of them before `beforeSeq`. */
    async list(restaurantId: string, limit: number, beforeSeq?: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(staffAudit)
        .where(
          and(
            eq(staffAudit.restaurantId, restaurantId),
            beforeSeq !== undefined ? lt(staffAudit.seq, beforeSeq) : undefined,
          ),
        )
        .orderBy(desc(staffAudit.seq))
        .limit(limit);
    },
  };
}
