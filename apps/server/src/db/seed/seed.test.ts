import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../../storage/file-storage.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { buildTestApp, testConfig } from '../../test/app.ts';
import {
  accounts,
  appMeta,
  diningTables,
  products,
  restaurants,
  rooms,
  sessions,
  userPoints,
  users,
} from '../schema.ts';
import { DEMO_RESTAURANTS, DEMO_USERS } from './demo-data.ts';
import { DEMO_SEEDED_KEY, seedDemoData, type SeedOptions } from './seed.ts';

let db: TestDatabase;
let dataDir: string;
let options: SeedOptions;
const config = testConfig();

const counts = async () => {
  const [r] = await db.db.select({ n: count() }).from(restaurants);
  const [p] = await db.db.select({ n: count() }).from(products);
  const [u] = await db.db.select({ n: count() }).from(users);
  const [t] = await db.db.select({ n: count() }).from(diningTables);
  return { restaurants: r!.n, products: p!.n, users: u!.n, tables: t!.n };
};

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-seed-'));
  options = {
    db: db.db,
    config,
    storage: localFileStorage(dataDir),
    logger: pino({ level: 'silent' }),
  };
});
afterAll(async () => {
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('seeds once even when two instances start together', async () => {
    const results = await Promise.all([seedDemoData(options), seedDemoData(options)]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(results.find((r) => r.seeded)).toEqual({
      seeded: true,
      restaurants: DEMO_RESTAURANTS.length,
      users: DEMO_USERS.length,
    });
  });

  it('inserts every demo restaurant with its rooms, tables and products (at least 12 restaurants)', async () => {
    const expected = {
      restaurants: DEMO_RESTAURANTS.length,
      products: DEMO_RESTAURANTS.reduce((n, r) => n + r.products.length, 0),
      users: DEMO_USERS.length,
      tables: DEMO_RESTAURANTS.reduce(
        (n, r) => n + r.rooms.reduce((m, room) => m + room.tables.length, 0),
        0,
      ),
    };
    expect(expected.restaurants).toBeGreaterThanOrEqual(12);
    expect(await counts()).toEqual(expected);
    const [roomCount] = await db.db.select({ n: count() }).from(rooms);
    expect(roomCount!.n).toBe(DEMO_RESTAURANTS.reduce((n, r) => n + r.rooms.length, 0));
    const [flag] = await db.db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY));
    expect(flag?.value).toMatchObject({ restaurants: expected.restaurants, users: expected.users });
  });

  it('writes every picture to file storage and stores its public /files URL', async () => {
    const rows = await db.db
      .select({ id: restaurants.id, slug: restaurants.slug, images: restaurants.images })
      .from(restaurants);
    for (const row of rows) {
      const seed = DEMO_RESTAURANTS.find((r) => r.slug === row.slug)!;
      expect(row.images).toHaveLength(seed.images.length);
      for (const [index, url] of row.images.entries()) {
        expect(url).toBe(`/files/restaurants/${row.id}/picture-${index + 1}.svg`);
        const svg = await readFile(path.join(dataDir, url.replace(/^\/files\//, 'files/')), 'utf8');
        expect(svg).toMatch(/^<svg /);
      }
    }
    const productImages = await db.db.select({ url: products.imageUrl }).from(products);
    expect(productImages.every((p) => p.url?.startsWith('/files/restaurants/'))).toBe(true);
    await access(path.join(dataDir, productImages[0]!.url!.replace(/^\/files\//, 'files/')));
  });

  it('creates the demo users through better-auth: hashed passwords, no leftover sessions, sign-in works', async () => {
    const [account] = await db.db
      .select({ password: accounts.password, providerId: accounts.providerId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, DEMO_USERS[0]!.email));
    expect(account?.providerId).toBe('credential');
    expect(account?.password).not.toContain(DEMO_USERS[0]!.password);
    const [leftover] = await db.db.select({ n: count() }).from(sessions);
    expect(leftover!.n).toBe(0);
    const [luis] = await db.db.select().from(users).where(eq(users.email, 'luis@comensal.test'));
    expect(luis).toMatchObject({
      name: 'Luis Rodríguez',
      locale: 'es-ES',
      phoneNumber: '0414-5550123',
      isAnonymous: false,
    });

    const { app, close } = await buildTestApp({ database: db, config: { dataDir } });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json', origin: config.publicUrl },
        payload: { email: DEMO_USERS[1]!.email, password: DEMO_USERS[1]!.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        email: DEMO_USERS[1]!.email,
        name: DEMO_USERS[1]!.displayName,
      });
      const list = await app.inject({ method: 'GET', url: '/api/restaurants?limit=100' });
      expect(list.json().items).toHaveLength(DEMO_RESTAURANTS.length);
    } finally {
      await close();
    }
  });

  it('gives the demo users their points at the demo restaurants', async () => {
    const rows = await db.db
      .select({ email: users.email, slug: restaurants.slug, balance: userPoints.balance })
      .from(userPoints)
      .innerJoin(users, eq(users.id, userPoints.userId))
      .innerJoin(restaurants, eq(restaurants.id, userPoints.restaurantId));
    const expected = DEMO_USERS.flatMap((user) =>
      user.points.map((p) => ({ email: user.email, slug: p.restaurant, balance: p.balance })),
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows).toEqual(expect.arrayContaining(expected));
    expect(rows).toHaveLength(expected.length);
  });

  it('does nothing the second time (no duplicates)', async () => {
    const before = await counts();
    expect(await seedDemoData(options)).toEqual({ seeded: false, restaurants: 0, users: 0 });
    expect(await counts()).toEqual(before);
  });
});
