/**
 * Who may use the staff console (docs/product.md#staff-console): a user with a membership of the
 * restaurant (`owner` or `staff`); owners alone manage the staff. A restaurant route of a
 * restaurant the caller does not work at is 403; a transaction, reservation or product of one is
 * 404 (they learn nothing of it).
 */
import type { StaffRole } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { staffRepository, type StaffRestaurantRow } from './staff-repository.ts';

export interface StaffCaller {
  diner: Diner;
  role: StaffRole;
  restaurant: StaffRestaurantRow;
}

const notStaff = () => new AppError('FORBIDDEN', 'Only the staff of this restaurant may do this');

/** The caller's role at the restaurant, or null (guests never work anywhere). */
export async function roleAt(
  ctx: Pick<RequestContext, 'db'>,
  diner: Diner | null,
  restaurantId: string,
): Promise<StaffRole | null> {
  if (!diner || diner.isGuest || !isUuid(restaurantId)) return null;
  return staffRepository(ctx.db).roleOf(diner.userId, restaurantId);
}

/** The caller as staff or owner of the restaurant: 404 for a malformed id, else 403 unless they work there. */
export async function requireStaff(
  ctx: Pick<RequestContext, 'db'>,
  diner: Diner,
  restaurantId: string,
): Promise<StaffCaller> {
  if (!isUuid(restaurantId)) throw AppError.notFound('Restaurant');
  const role = await roleAt(ctx, diner, restaurantId);
  if (!role) throw notStaff();
  const restaurant = await staffRepository(ctx.db).findRestaurant(restaurantId);
  if (!restaurant) throw AppError.notFound('Restaurant');
  return { diner, role, restaurant };
}

/** The caller as an owner of the restaurant: 403 for staff and anyone else. */
export async function requireOwner(
  ctx: Pick<RequestContext, 'db'>,
  diner: Diner,
  restaurantId: string,
): Promise<StaffCaller> {
  const caller = await requireStaff(ctx, diner, restaurantId);
  if (caller.role !== 'owner')
    throw new AppError('FORBIDDEN', 'Only an owner of this restaurant may do this');
  return caller;
}

/** For a thing of the restaurant (`what`): 404 unless the caller works there. */
export async function requireStaffOf(
  ctx: Pick<RequestContext, 'db'>,
  diner: Diner,
  restaurantId: string,
  what: string,
): Promise<StaffCaller> {
  const role = await roleAt(ctx, diner, restaurantId);
  const restaurant = role ? await staffRepository(ctx.db).findRestaurant(restaurantId) : null;
  if (!role || !restaurant) throw AppError.notFound(what);
  return { diner, role, restaurant };
}
