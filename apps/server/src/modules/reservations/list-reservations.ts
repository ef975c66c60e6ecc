import type { ListReservationsQuery, ReservationList } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { toReservation } from './mappers.ts';
import { reservationRepository } from './reservation-repository.ts';

export const DEFAULT_PAGE_SIZE = 20;

const cursorSchema = z
  .object({ scope: z.enum(['current', 'history']), startsAt: z.iso.datetime(), id: z.uuid() })
  .strict();

/**
 * The diner's reservations (docs/product.md#current-and-history): `current` = not cancelled and not
 * over, soonest first; `history` = over, latest first. Cancelled reservations are dropped from
 * both.
 */
export async function listReservations(
  ctx: RequestContext,
  diner: Diner,
  query: ListReservationsQuery,
): Promise<ReservationList> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
  if (cursor && cursor.scope !== query.scope) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor: it belongs to the other list');
  }
  const repository = reservationRepository(ctx.db);
  const now = ctx.now();
  const rows = await repository.listForMember({
    userId: diner.userId,
    scope: query.scope,
    now,
    after: cursor ? { startsAt: new Date(cursor.startsAt), id: cursor.id } : null,
    limit: limit + 1,
  });
  const page = keysetPage(rows, limit, (last) => ({
    scope: query.scope,
    startsAt: last.startsAt.toISOString(),
    id: last.id,
  }));
  const members = await repository.listMembers(page.items.map((row) => row.id));
  return { items: page.items.map((row) => toReservation(row, members, now)), nextCursor: page.nextCursor };
}
