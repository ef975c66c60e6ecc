/**
 * A fresh database per test file, copied from the migrated template of the run (or an empty one,
 * `createEmptyDatabase`):
 *
 *   const db = await createTestDatabase();   // in beforeAll
 *   await db.drop();                         // in afterAll
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { databaseUrl, TEST_DATABASE_PREFIX } from './database-names.ts';

export interface TestDatabase extends Database {
  name: string;
  connectionString: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template, runId } = inject('testDatabase');
  const name = `${TEST_DATABASE_PREFIX}${runId}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(
          `CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(template)}`,
        );
        break;
      } catch (error) {
        // 55006: the template is busy (another file is copying it right now)
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await sleep(50 * attempt);
      }
    }
  } finally {
    await admin.end();
  }
  const connectionString = databaseUrl(adminUrl, name);
  const database = createDatabase(connectionString, { max: 5 });
  return {
    ...database,
    name,
    connectionString,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface EmptyDatabase {
  name: string;
  connectionString: string;
  /** One statement on a connection of its own. */
  query<T extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function onAdmin(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: inject('testDatabase').adminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty database (no migrations, unlike {@link createTestDatabase}), for what must start from
 * nothing: instances starting together migrate and seed it themselves.
 */
export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const { adminUrl, runId } = inject('testDatabase');
  const name = `${TEST_DATABASE_PREFIX}${runId}_empty_${randomBytes(5).toString('hex')}`;
  await onAdmin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const connectionString = databaseUrl(adminUrl, name);
  return {
    name,
    connectionString,
    async query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        return (await client.query<T>(sql, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () =>
      onAdmin((client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      ),
  };
}
