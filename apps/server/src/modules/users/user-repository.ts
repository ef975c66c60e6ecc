import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, users } from '../../db/schema.ts';

export interface UserSummaryRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  sortKey: string;
}

export interface UserListFilter {
  q?: string;
  after: { sortKey: string; id: string } | null;
  limit: number;
}

/** Case- and accent-insensitive form (the same folding as the restaurant search). */
const fold = (value: SQL) => sql`translate(lower(${value}), ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Signed-up users only (never guests), by folded display name then id; `limit + 1` rows. */
export async function listUserSummaries(db: DbExecutor, filter: UserListFilter): Promise<UserSummaryRow[]> {
  const sortKey = fold(sql`${users.name}`);
  const conditions: SQL[] = [eq(users.isAnonymous, false)];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q.toLowerCase())}%`;
    const foldedPattern = sql`translate(${pattern}, ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`;
    conditions.push(or(sql`${sortKey} LIKE ${foldedPattern}`, sql`lower(${users.email}) LIKE ${pattern}`)!);
  }
  if (filter.after) {
    conditions.push(
      or(
        gt(sortKey, filter.after.sortKey),
        and(eq(sortKey, filter.after.sortKey), gt(users.id, filter.after.id)),
      )!,
    );
  }
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      image: users.image,
      sortKey: sql<string>`${sortKey}`,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(sortKey), asc(users.id))
    .limit(filter.limit + 1);
}
