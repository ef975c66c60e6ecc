import type { Reservation } from '@comensal/contracts';
import { assertMember, findReservationOrThrow } from './access.ts';
import type { Caller } from './caller.ts';
import type { ReservationsContext } from './context.ts';
import { toReservation } from './mappers.ts';
import { reservationRepository } from './reservation-repository.ts';

/** The reservation, for its members only. */
export async function getReservation(
  ctx: ReservationsContext,
  caller: Caller,
  id: string,
): Promise<Reservation> {
  const row = await findReservationOrThrow(ctx, id);
  await assertMember(ctx, row, caller);
  return toReservation(row, await reservationRepository(ctx.db).listMembers([row.id]), ctx.now());
}
