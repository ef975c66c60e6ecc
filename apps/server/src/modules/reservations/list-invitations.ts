import type { InvitationList, ListInvitationsQuery } from '@comensal/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { invitationRepository } from './invitation-repository.ts';
import { inviteeOf } from './invitee.ts';
import { toInvitation } from './mappers.ts';

export const DEFAULT_PAGE_SIZE = 20;

const cursorSchema = z
  .object({ scope: z.enum(['current', 'history']), createdAt: z.iso.datetime(), id: z.uuid() })
  .strict();

/**
 * The diner's invitations, newest first (docs/product.md#invitation-states):
 * `current` = pending on a reservation neither cancelled nor over; `history` = the rest.
 */
export async function listInvitations(
  ctx: RequestContext,
  diner: Diner,
  query: ListInvitationsQuery,
): Promise<InvitationList> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
  if (cursor && cursor.scope !== query.scope) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor: it belongs to the other list');
  }
  const now = ctx.now();
  const rows = await invitationRepository(ctx.db).listForInvitee({
    invitee: inviteeOf(diner),
    scope: query.scope,
    now,
    after: cursor ? { createdAt: new Date(cursor.createdAt), id: cursor.id } : null,
    limit: limit + 1,
  });
  const page = keysetPage(rows, limit, (last) => ({
    scope: query.scope,
    createdAt: last.createdAt.toISOString(),
    id: last.id,
  }));
  return { items: page.items.map((row) => toInvitation(row, now)), nextCursor: page.nextCursor };
}
