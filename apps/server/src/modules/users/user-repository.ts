import { COMPANIONS_MAX } from '@comensal/contracts';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client.ts';
import { reservationMembers, users } from '../../db/schema.ts';

export interface CompanionRow {
  id: string;
  name: string;
  image: string | null;
}

const mine = alias(reservationMembers, 'mine');
const theirs = alias(reservationMembers, 'theirs');

/** Signed-up users (never guests, never `userId`) who share a reservation with `userId`. */
function companionsOf(db: DbExecutor, userId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      image: users.image,
      lastShared: sql<Date>`max(greatest(${mine.joinedAt}, ${theirs.joinedAt}))`.as('last_shared'),
    })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs.reservationId, mine.reservationId), ne(theirs.userId, mine.userId)))
    .innerJoin(users, and(eq(users.id, theirs.userId), eq(users.isAnonymous, false)))
    .where(eq(mine.userId, userId))
    .groupBy(users.id, users.name, users.image);
}

/** The companions of `userId`, the most recently shared reservation first. */
export async function listCompanionRows(db: DbExecutor, userId: string): Promise<CompanionRow[]> {
  const rows = await companionsOf(db, userId)
    .orderBy(desc(sql`last_shared`), users.id)
    .limit(COMPANIONS_MAX);
  return rows.map(({ id, name, image }) => ({ id, name, image }));
}

/** Whether `otherId` is a companion of `userId`; their e-mail and language when so. */
export async function isCompanion(
  db: DbExecutor,
  userId: string,
  otherId: string,
): Promise<{ email: string; locale: string | null } | null> {
  const [row] = await db
    .select({ email: users.email, locale: users.locale })
    .from(mine)
    .innerJoin(theirs, and(eq(theirs.reservationId, mine.reservationId), eq(theirs.userId, otherId)))
    .innerJoin(users, and(eq(users.id, theirs.userId), eq(users.isAnonymous, false)))
    .where(and(eq(mine.userId, userId), ne(theirs.userId, userId)))
    .limit(1);
  return row ?? null;
}
