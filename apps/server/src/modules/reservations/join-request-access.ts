/**
 * Who may do what with a join request (docs/product.md#table-links): the requester reads and
 * withdraws it; the reservation's members read, accept and reject it; nobody else (403).
 * Unknown or malformed ids are 404. A reservation can be joined while it is the table's current
 * one (not cancelled, now within [start − 15 min, end)) and sits at a table.
 */
import type { JoinClosedReason, JoinRequest } from '@comensal/contracts';
import { isCurrentAtTable } from '@comensal/domain';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { joinRequestRepository, type JoinRequestRow } from './join-request-repository.ts';
import { toJoinRequest } from './mappers.ts';
import type { ReservationRow } from './reservation-repository.ts';

export const joinRequestAnswered = () =>
  new AppError('JOIN_REQUEST_ANSWERED', 'This request to join was already answered or withdrawn');

export async function findJoinRequestOrThrow(
  ctx: Pick<RequestContext, 'db'>,
  id: string,
  tx: DbExecutor = ctx.db,
): Promise<JoinRequestRow> {
  const row = isUuid(id) ? await joinRequestRepository(ctx.db).findById(id, tx) : null;
  if (!row) throw AppError.notFound('Join request');
  return row;
}

export async function readJoinRequest(ctx: Pick<RequestContext, 'db'>, id: string): Promise<JoinRequest> {
  return toJoinRequest(await findJoinRequestOrThrow(ctx, id));
}

/** Why the reservation cannot be joined from its table's link at `now`; null when it can. */
export function joinClosedReason(
  row: Pick<ReservationRow, 'status' | 'kind' | 'tableId' | 'startsAt' | 'endsAt'>,
  now: Date,
): JoinClosedReason | null {
  if (row.status === 'cancelled') return 'CANCELLED';
  if (row.kind !== 'table' || row.tableId === null) return 'NO_TABLE';
  if (isCurrentAtTable({ status: row.status, time: { start: row.startsAt, end: row.endsAt } }, now)) {
    return null;
  }
  return row.endsAt.getTime() <= now.getTime() ? 'OVER' : 'NOT_STARTED';
}
