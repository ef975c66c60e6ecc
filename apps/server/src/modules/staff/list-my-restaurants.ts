import type { StaffRestaurantList } from '@comensal/contracts';
import { localWeekdayAndTime } from '@comensal/domain';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { staffRepository } from './staff-repository.ts';

/** GET /api/staff/restaurants: where the caller works, with the role and today's local date; [] for a diner. */
export async function listMyRestaurants(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  diner: Diner,
): Promise<StaffRestaurantList> {
  if (diner.isGuest) return { items: [], nextCursor: null };
  const rows = await staffRepository(ctx.db).listRestaurantsOf(diner.userId);
  const now = ctx.now();
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      role: row.role,
      city: row.city,
      currency: row.currency,
      timeZone: row.timeZone,
      today: localWeekdayAndTime(now, row.timeZone).date,
    })),
    nextCursor: null,
  };
}
