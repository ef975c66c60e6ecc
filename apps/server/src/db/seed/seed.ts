/**
 * Demo data, inserted once per database: the restaurants of demo-data.ts (with rooms, tables,
 * products and generated pictures) and the demo users, created through better-auth so their
 * passwords are hashed by the library, with their points at some restaurants and, for the owner
 * and staff accounts, the restaurants they work at. The `app_meta` row `demo_seeded` records that it ran;
 * everything happens in one transaction under an advisory lock, so two instances starting
 * together seed once, and a failure leaves nothing half-seeded.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { createAuth } from '../../auth/auth.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import { appMeta, restaurantStaff, sessions, userPoints, users as usersTable } from '../schema.ts';
import { DEMO_RESTAURANTS, DEMO_USERS } from './demo-data.ts';
import { insertRestaurant } from './insert-restaurant.ts';
import type { SeedRestaurant, SeedUser } from './types.ts';

export const DEMO_SEEDED_KEY = 'demo_seeded';
const SEED_LOCK_KEY = 727_465_302;

export interface SeedOptions {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'authSecret' | 'google' | 'facebook'>;
  storage: FileStorage;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  restaurants?: readonly SeedRestaurant[];
  users?: readonly SeedUser[];
  now?: () => Date;
}

export interface SeedResult {
  /** false when the database had been seeded before (nothing was done). */
  seeded: boolean;
  restaurants: number;
  users: number;
}

export async function seedDemoData(options: SeedOptions): Promise<SeedResult> {
  const { db, logger } = options;
  const restaurants = options.restaurants ?? DEMO_RESTAURANTS;
  const users = options.users ?? DEMO_USERS;
  const now = options.now ?? (() => new Date());

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [done] = await tx
      .select({ key: appMeta.key })
      .from(appMeta)
      .where(eq(appMeta.key, DEMO_SEEDED_KEY));
    if (done) return { seeded: false, restaurants: 0, users: 0 };

    const restaurantIds = new Map<string, string>();
    for (const restaurant of restaurants) {
      const inserted = await insertRestaurant(tx, restaurant, { storage: options.storage });
      restaurantIds.set(restaurant.slug, inserted.restaurant.id);
    }
    // An auth instance bound to this transaction: the users commit (or not) with the rest.
    const auth = createAuth({ config: options.config, db: tx, logger });
    const userIds: string[] = [];
    for (const user of users) {
      const { user: created } = await auth.api.signUpEmail({
        body: {
          email: user.email,
          password: user.password,
          name: user.displayName,
          ...(user.phoneNumber ? { phoneNumber: user.phoneNumber } : {}),
          locale: user.locale,
        },
      });
      userIds.push(created.id);
    }
    // sign-up signs the user in; the seed wants accounts, not sessions — and demo accounts have
    // their e-mail verified (docs/product.md#e-mail-verification)
    if (userIds.length > 0) {
      await tx.delete(sessions).where(inArray(sessions.userId, userIds));
      await tx.update(usersTable).set({ emailVerified: true }).where(inArray(usersTable.id, userIds));
    }
    const balances = users.flatMap((user, index) =>
      user.points.flatMap(({ restaurant, balance }) => {
        const restaurantId = restaurantIds.get(restaurant);
        // a balance at a restaurant this seed does not insert is left out
        return restaurantId ? [{ userId: userIds[index]!, restaurantId, balance }] : [];
      }),
    );
    if (balances.length > 0) await tx.insert(userPoints).values(balances);
    const staff = users.flatMap((user, index) => {
      if (!user.staff) return [];
      const { role, restaurants: at } = user.staff;
      const slugs = at === 'all' ? [...restaurantIds.keys()] : at;
      return slugs.flatMap((slug) => {
        const restaurantId = restaurantIds.get(slug);
        return restaurantId ? [{ restaurantId, userId: userIds[index]!, role }] : [];
      });
    });
    if (staff.length > 0) await tx.insert(restaurantStaff).values(staff);

    await tx.insert(appMeta).values({
      key: DEMO_SEEDED_KEY,
      value: { at: now().toISOString(), restaurants: restaurants.length, users: users.length },
    });
    return { seeded: true, restaurants: restaurants.length, users: users.length };
  });
  if (result.seeded) logger.info(result, 'demo data seeded');
  else logger.debug('demo data already seeded');
  return result;
}
