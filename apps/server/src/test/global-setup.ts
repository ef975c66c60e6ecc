/**
 * Vitest global setup of the server project: starts ONE PostgreSQL for the run (embedded, in a
 * temp folder, on a free loopback port) — or uses TEST_DATABASE_URL — and migrates a template
 * database that every test file copies (src/test/database.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { databaseUrl, TEST_DATABASE_PREFIX } from './database-names.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; runId: string };
  }
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const template = `${TEST_DATABASE_PREFIX}${runId}_template`;
  let tempDir: string | undefined;
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;

  const teardown = async () => {
    if (embedded) {
      await embedded.stop();
    } else if (adminUrl) {
      // an external server outlives the run: drop what this run created
      await withClient(adminUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE datname LIKE $1',
          [`${TEST_DATABASE_PREFIX}${runId}_%`],
        );
        for (const { datname } of rows) {
          await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
        }
      });
    }
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };

  try {
    if (!adminUrl) {
      tempDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-test-pg-'));
      await chmod(tempDir, 0o755); // as root, PostgreSQL runs as the postgres user, who must reach pg/
      embedded = await startEmbeddedPostgres({
        dataDir: path.join(tempDir, 'pg'),
        passwordFile: path.join(tempDir, 'pg-password'),
        logger: pino({ level: 'warn' }),
      });
      adminUrl = embedded.adminConnectionString;
    }
    const serverUrl = adminUrl;
    await withClient(serverUrl, (client) =>
      client.query(`CREATE DATABASE ${client.escapeIdentifier(template)}`),
    );
    await migrateDatabase(databaseUrl(serverUrl, template));
    project.provide('testDatabase', { adminUrl: serverUrl, template, runId });
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }
  return teardown;
}
