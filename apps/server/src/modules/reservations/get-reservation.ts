import type { Reservation } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertMember, findReservationOrThrow } from './access.ts';
import { toReservation } from './mappers.ts';
import { reservationRepository } from './reservation-repository.ts';

/** The reservation, for its members only. */
export async function getReservation(ctx: RequestContext, diner: Diner, id: string): Promise<Reservation> {
  const row = await findReservationOrThrow(ctx, id);
  await assertMember(ctx, row, diner);
  return toReservation(row, await reservationRepository(ctx.db).listMembers([row.id]), ctx.now());
}
