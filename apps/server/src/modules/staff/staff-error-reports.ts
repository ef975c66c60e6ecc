import type { ErrorReportList, ErrorReportsQuery } from '@comensal/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { listErrorReports } from '../errors/index.ts';
import { staffRepository } from './staff-repository.ts';

/**
 * GET /api/staff/errors (docs/telemetry.md#who-reads-them): the error records of the restaurants
 * the caller works at (staff or owner), or of the one `restaurantId` names; newest first, paged.
 * Records tied to no restaurant are read by nobody here (the operators read them in the database):
 * they would show one restaurant's people what diners of every other restaurant went through.
 * Guests and diners who work nowhere: 403; a restaurant the caller does not work at: 403.
 */
export async function listStaffErrorReports(
  ctx: RequestContext,
  diner: Diner,
  query: ErrorReportsQuery,
): Promise<ErrorReportList> {
  const mine = diner.isGuest ? [] : await staffRepository(ctx.db).listRestaurantsOf(diner.userId);
  if (mine.length === 0)
    throw new AppError('FORBIDDEN', 'Only the staff of a restaurant may read its error records');
  const { restaurantId, ...rest } = query;
  if (restaurantId !== undefined && !mine.some((row) => row.id === restaurantId))
    throw new AppError('FORBIDDEN', 'Only the staff of this restaurant may read its error records');
  const restaurantIds = restaurantId !== undefined ? [restaurantId] : mine.map((row) => row.id);
  return listErrorReports(ctx, restaurantIds, rest);
}
