/**
 * An app on its own fresh database, with a settable clock:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await buildTestApp({ now: new Date('2026-03-02T15:00:00Z') }); });
 *   afterAll(() => t.close());
 *   const res = await t.app.inject({ method: 'GET', url: '/api/restaurants' });
 *   t.clock.set(new Date('2026-03-03T01:00:00Z'));   // move time
 *   await insertRestaurant(t.db.db, buildSeedRestaurant({ … }));   // data through the seed factories
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { DEFAULT_WEBPAY_CONFIG, type Config } from '../config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestClock {
  now: () => Date;
  set(date: Date): void;
  /** Back to the real time. */
  reset(): void;
}

export function createTestClock(initial?: Date): TestClock {
  let fixed = initial ?? null;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set: (date) => {
      fixed = date;
    },
    reset: () => {
      fixed = null;
    },
  };
}

/** A complete, valid configuration for tests (no I/O); override what the test is about. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 3000,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), 'comensal-test-unused'),
    databaseUrl: null,
    seedDemo: false,
    publicUrl: 'http://localhost:3000',
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    logLevel: 'silent',
    smtpUrl: null,
    s3: null,
    webpay: { ...DEFAULT_WEBPAY_CONFIG },
    google: null,
    facebook: null,
    trustProxy: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  clock: TestClock;
  /** Closes the app, drops the database, removes the temp DATA_DIR. */
  close(): Promise<void>;
}

export interface BuildTestAppOptions {
  /** Fixed time; omit for the real clock. */
  now?: Date;
  config?: Partial<Config>;
  webDistDir?: string;
  /** Reuse a database (e.g. one per file shared by several apps); it is not dropped on close. */
  database?: TestDatabase;
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-test-data-'));
  const db = options.database ?? (await createTestDatabase());
  const config = testConfig({ dataDir, ...options.config });
  const clock = createTestClock(options.now);
  const app = await buildApp({
    config,
    database: db,
    now: clock.now,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  return {
    app,
    db,
    config,
    clock,
    async close() {
      await app.close();
      if (!options.database) await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
