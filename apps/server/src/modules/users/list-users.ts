import type { ListUsersQuery, UserList } from '@comensal/contracts';
import { z } from 'zod';
import type { RequestContext } from '../../lib/context.ts';
import { decodeCursor, keysetPage } from '../../lib/cursor.ts';
import { listUserSummaries } from './user-repository.ts';

const DEFAULT_LIMIT = 20;
const cursorSchema = z.object({ k: z.string().max(1000), id: z.uuid() }).strict();

/**
 * The user list for signed-in users (docs/product.md#permissions): display name, e-mail and photo
 * only, never guests, searched by `q` in the name or e-mail, by name, in keyset pages.
 */
export async function listUsers(ctx: Pick<RequestContext, 'db'>, query: ListUsersQuery): Promise<UserList> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const after = query.cursor ? decodeCursor(query.cursor, cursorSchema) : null;
  const rows = await listUserSummaries(ctx.db, {
    ...(query.q ? { q: query.q } : {}),
    after: after ? { sortKey: after.k, id: after.id } : null,
    limit,
  });
  const page = keysetPage(rows, limit, (last) => ({ k: last.sortKey, id: last.id }));
  return {
    items: page.items.map((row) => ({ displayName: row.name, email: row.email, photoURL: row.image })),
    nextCursor: page.nextCursor,
  };
}
