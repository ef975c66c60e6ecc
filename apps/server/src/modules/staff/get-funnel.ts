/**
 * GET /api/staff/restaurants/:id/funnel?date=: how many distinct visitors reached each step of a
 * visit at the restaurant on a restaurant-local day (today by default), for its staff and owners
 * (docs/telemetry.md#the-funnel).
 */
import type { StaffFunnel } from '@comensal/contracts';
import { addDays, instantFromLocal, localWeekdayAndTime } from '@comensal/domain';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { countFunnel } from '../analytics/index.ts';
import { requireStaff } from './staff-access.ts';

export async function getFunnel(
  ctx: RequestContext,
  diner: Diner,
  restaurantId: string,
  date: string | undefined,
): Promise<StaffFunnel> {
  const caller = await requireStaff(ctx, diner, restaurantId);
  const { timeZone } = caller.restaurant;
  const day = date ?? localWeekdayAndTime(ctx.now(), timeZone).date;
  const range = {
    start: instantFromLocal(day, '00:00', timeZone),
    end: instantFromLocal(addDays(day, 1), '00:00', timeZone),
  };
  return { restaurantId, date: day, timeZone, ...(await countFunnel(ctx, restaurantId, range)) };
}
