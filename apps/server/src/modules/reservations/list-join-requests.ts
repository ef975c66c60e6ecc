import type { JoinRequestList } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertMember, findReservationOrThrow } from './access.ts';
import { joinRequestRepository } from './join-request-repository.ts';
import { toJoinRequest } from './mappers.ts';

/** The reservation's pending join requests, oldest first, for its members (one page: bounded). */
export async function listJoinRequests(
  ctx: RequestContext,
  diner: Diner,
  reservationId: string,
): Promise<JoinRequestList> {
  const reservation = await findReservationOrThrow(ctx, reservationId);
  await assertMember(ctx, reservation, diner);
  const rows = await joinRequestRepository(ctx.db).listPending(reservation.id);
  return { items: rows.map(toJoinRequest), nextCursor: null };
}
