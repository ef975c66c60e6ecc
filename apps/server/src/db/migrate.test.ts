/**
 * Several instances starting at once on one empty database (docs/deploy.md): each runs the
 * migrations and the demo seed as server.ts does, on its own connections; the advisory locks
 * make them take turns, so every migration is applied once and the demo data is seeded once.
 * The same with real processes behind a balancer: src/instances.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { localFileStorage } from '../storage/file-storage.ts';
import { testConfig } from '../test/app.ts';
import { databaseUrl, TEST_DATABASE_PREFIX } from '../test/database-names.ts';
import { createDatabase } from './client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';
import { DEMO_RESTAURANTS, DEMO_USERS } from './seed/demo-data.ts';
import { seedDemoData } from './seed/seed.ts';

const INSTANCES = 4;
const { adminUrl, runId } = inject('testDatabase');
const name = `${TEST_DATABASE_PREFIX}${runId}_start_${randomBytes(4).toString('hex')}`;
const url = databaseUrl(adminUrl, name);
let dataDir: string;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function scalar(sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(sql);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${name}"`);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-start-together-'));
});

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
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
        await migrateDatabase(url);
        const database = createDatabase(url, { max: 2 });
        try {
          return await seedDemoData({
            db: database.db,
            config: testConfig(),
            storage: localFileStorage(path.join(dataDir, String(instance))),
            logger: pino({ level: 'silent' }),
          });
        } finally {
          await database.close();
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
