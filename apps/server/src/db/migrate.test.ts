/**
 * Several instances starting at once on one empty database (docs/deploy.md): each runs the
 * migrations and the demo seed as server.ts does, on its own connections; the advisory locks
 * make them take turns, so every migration is applied once and the demo data is seeded once.
 * The same with real processes behind a balancer: src/instances.test.ts.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../storage/file-storage.ts';
import { testConfig } from '../test/app.ts';
import { createEmptyDatabase, type EmptyDatabase } from '../test/database.ts';
import { createDatabase } from './client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';
import { DEMO_RESTAURANTS, DEMO_USERS } from './seed/demo-data.ts';
import { seedDemoData } from './seed/seed.ts';

const INSTANCES = 4;
let database: EmptyDatabase;
let dataDir: string;

const scalar = async (sql: string) => Number((await database.query<{ n: string }>(sql))[0]!.n);

beforeAll(async () => {
  database = await createEmptyDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-start-together-'));
});

afterAll(async () => {
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('instances starting together on an empty database', () => {
  it(`apply every migration once and seed the demo once (${INSTANCES} at once)`, async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const results = await Promise.all(
      Array.from({ length: INSTANCES }, async (_, instance) => {
        await migrateDatabase(database.connectionString);
        const pool = createDatabase(database.connectionString, { max: 2 });
        try {
          return await seedDemoData({
            db: pool.db,
            config: testConfig(),
            storage: localFileStorage(path.join(dataDir, String(instance))),
            logger: pino({ level: 'silent' }),
          });
        } finally {
          await pool.close();
        }
      }),
    );
    expect(await scalar('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(
      journal.entries.length,
    );
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    expect(await scalar('SELECT count(*) AS n FROM restaurants')).toBe(DEMO_RESTAURANTS.length);
    expect(await scalar('SELECT count(*) AS n FROM users')).toBe(DEMO_USERS.length);
  }, 60_000);
});
