import { asc, eq } from 'drizzle-orm';
import type { DbExecutor, Tx } from '../../db/client.ts';
import { restaurants, userPoints, users } from '../../db/schema.ts';

export interface ProfileRow {
  id: string;
  email: string;
  name: string;
  phoneNumber: string | null;
  image: string | null;
  locale: string | null;
  isGuest: boolean;
  createdAt: Date;
}

export interface PointsRow {
  restaurantId: string;
  restaurantName: string;
  balance: number;
}

export interface ProfilePatch {
  name?: string;
  phoneNumber?: string | null;
  locale?: string;
  image?: string;
}

const profileColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phoneNumber: users.phoneNumber,
  image: users.image,
  locale: users.locale,
  isGuest: users.isAnonymous,
  createdAt: users.createdAt,
};

export async function findProfile(db: DbExecutor, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function listPoints(db: DbExecutor, userId: string): Promise<PointsRow[]> {
  return db
    .select({
      restaurantId: userPoints.restaurantId,
      restaurantName: restaurants.name,
      balance: userPoints.balance,
    })
    .from(userPoints)
    .innerJoin(restaurants, eq(restaurants.id, userPoints.restaurantId))
    .where(eq(userPoints.userId, userId))
    .orderBy(asc(restaurants.name), asc(restaurants.id));
}

/** Answers the updated profile, or null when the user does not exist. */
export async function updateProfile(
  db: DbExecutor,
  userId: string,
  patch: ProfilePatch,
): Promise<ProfileRow | null> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, userId)).returning(profileColumns);
  return row ?? null;
}

/**
 * Sets the profile's photo URL, the row locked first so that concurrent uploads each see the one
 * they replace; answers that previous URL, or null when the user does not exist.
 */
export async function replaceImage(
  tx: Tx,
  userId: string,
  image: string,
): Promise<{ previous: string | null } | null> {
  const [row] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) return null;
  await tx.update(users).set({ image }).where(eq(users.id, userId));
  return { previous: row.image };
}
