import type { JoinRequest } from '@comensal/contracts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertMember, findReservationOrThrow } from './access.ts';
import { findJoinRequestOrThrow } from './join-request-access.ts';
import { toJoinRequest } from './mappers.ts';

/** One join request with its status: for the requester (waiting for the answer) and the members. */
export async function getJoinRequest(ctx: RequestContext, diner: Diner, id: string): Promise<JoinRequest> {
  const row = await findJoinRequestOrThrow(ctx, id);
  if (row.userId !== diner.userId) {
    await assertMember(ctx, await findReservationOrThrow(ctx, row.reservationId), diner);
  }
  return toJoinRequest(row);
}
