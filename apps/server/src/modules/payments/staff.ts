import type { RequestContext } from '../../lib/context.ts';
import { staffRepository } from './staff-repository.ts';

/** Whether the user is an owner or staff of the restaurant (docs/product.md#roles). */
export function isStaffOf(
  ctx: Pick<RequestContext, 'db'>,
  userId: string,
  restaurantId: string,
): Promise<boolean> {
  return staffRepository(ctx.db).isStaffOf(userId, restaurantId);
}
