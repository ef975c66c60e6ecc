/**
 * Who works at a restaurant (`restaurant_staff`: owner or staff). Payments ask it before a
 * confirmation, a rejection or a receipt download. The staff module keeps its own reads and writes
 * of the memberships (roles, owners); this is the payments module's yes / no.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { restaurantStaff, type StaffRole } from '../../db/schema.ts';

export function staffRepository(db: Db) {
  return {
    /** Whether the user is an owner or staff of the restaurant. */
    async isStaffOf(userId: string, restaurantId: string, tx: DbExecutor = db): Promise<boolean> {
      const [row] = await tx
        .select({ role: restaurantStaff.role })
        .from(restaurantStaff)
        .where(and(eq(restaurantStaff.userId, userId), eq(restaurantStaff.restaurantId, restaurantId)))
        .limit(1);
      return row !== undefined;
    },

    /** Makes the user owner or staff of the restaurant (seed, tests); a second call changes the role. */
    async addStaff(
      restaurantId: string,
      userId: string,
      role: StaffRole,
      tx: DbExecutor = db,
    ): Promise<void> {
      await tx
        .insert(restaurantStaff)
        .values({ restaurantId, userId, role })
        .onConflictDoUpdate({
          target: [restaurantStaff.restaurantId, restaurantStaff.userId],
          set: { role },
        });
    },
  };
}
