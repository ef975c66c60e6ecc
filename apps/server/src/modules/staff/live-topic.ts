/**
 * The staff topic (docs/product.md#staff-console): `restaurant-staff:<restaurantId>`, readable by
 * the restaurant's owners and staff only; anyone else is refused (`FORBIDDEN`). A member removed
 * while subscribed is dropped at once (the topic is checked again on `staff.members_changed`).
 */
import { STAFF_EVENTS } from '@comensal/contracts';
import type { RequestContext } from '../../lib/context.ts';
import type { TopicRegistry } from '../../live/topic-registry.ts';
import { roleAt } from './staff-access.ts';

export const STAFF_TOPIC_PATTERN = 'restaurant-staff:{id}';

export function registerStaffTopic(
  live: Pick<TopicRegistry, 'registerTopic'>,
  ctx: Pick<RequestContext, 'db'>,
): void {
  live.registerTopic(
    STAFF_TOPIC_PATTERN,
    async (diner, { id }) => id !== undefined && (await roleAt(ctx, diner, id)) !== null,
    { recheckOn: [STAFF_EVENTS.membersChanged] },
  );
}
