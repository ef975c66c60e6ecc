/**
 * Live events the staff module publishes itself on `restaurant-staff:<restaurantId>` (the others —
 * reservations, orders, payments — come from their modules): a product edited, a member added or
 * removed. Inside the writing transaction: they leave after the commit, never on a rollback.
 */
import { STAFF_EVENTS, staffTopic, type StaffEvent, type StaffEventData } from '@comensal/contracts';
import type { DbExecutor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';

export async function publishStaffEvent(
  ctx: Pick<RequestContext, 'live'>,
  tx: DbExecutor,
  event: StaffEvent,
  data: StaffEventData,
): Promise<void> {
  await ctx.live.publish({ channel: staffTopic(data.restaurantId), event, data }, tx);
}

export { STAFF_EVENTS };
