/**
 * The one app builder of the server tests: an app on its own fresh database, with a settable
 * clock and its log lines kept.
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await buildTestApp({ now: new Date('2026-03-02T15:00:00Z') }); });
 *   afterAll(() => t.close());
 *   const res = await t.app.inject({ method: 'GET', url: '/api/restaurants' });
 *   t.clock.set(new Date('2026-03-03T01:00:00Z'));   // move time
 *   await insertRestaurant(t.db.db, buildSeedRestaurant({ … }));   // data through the seed factories
 *   expect(t.logs.some((line) => line.msg === 'invitation e-mail failed')).toBe(true);
 *
 * A line at level error or above fails the test that was running (test/setup.ts) unless the test
 * takes it with `expectErrorLog` (test/logs.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { DEFAULT_WEBPAY_CONFIG, type AbuseLimits, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { createTestLogger, type LogLine } from './logs.ts';

export interface TestClock {
  now: () => Date;
  set(date: Date): void;
  /** Back to the real time. */
  reset(): void;
}

function createTestClock(initial?: Date): TestClock {
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

const UNLIMITED = { capacity: 1_000_000, perMinute: 1_000_000 };

/**
 * The abuse limits of the test apps: lifted, since every test request comes from one address and
 * a suite books many times on a fixed clock. The suites about those limits
 * (modules/reservations/booking-limits.test.ts, …) set `DEFAULT_ABUSE_LIMITS` themselves.
 */
export const TEST_ABUSE_LIMITS: AbuseLimits = {
  guestSignInsPerAddress: UNLIMITED,
  bookingsPerAddress: UNLIMITED,
  bookingsPerGuest: UNLIMITED,
  bookingsPerUser: UNLIMITED,
  invitationsPerDay: 10_000,
  accountMailsPerAddress: UNLIMITED,
  errorReportsPerSession: UNLIMITED,
  errorReportsPerAddress: UNLIMITED,
  analyticsBatchesPerAddress: UNLIMITED,
};

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
    abuseLimits: TEST_ABUSE_LIMITS,
    ...overrides,
  };
}

export interface TestApp<D extends Database = TestDatabase> {
  app: FastifyInstance;
  db: D;
  config: Config;
  clock: TestClock;
  /** Every log line of the app (info and above), parsed, in order. */
  logs: LogLine[];
  /** Closes the app, drops the database, removes the temp DATA_DIR. */
  close(): Promise<void>;
}

export interface BuildTestAppOptions<D extends Database> {
  /** Fixed time; omit for the real clock. */
  now?: Date;
  config?: Partial<Config>;
  webDistDir?: string;
  /** Reuse a database (e.g. one per file shared by several apps); it is not dropped on close. */
  database?: D;
  /** The app's storage, made on the test's DATA_DIR (e.g. a driver whose calls fail); default the config's. */
  storage?: (dataDir: string) => FileStorage;
}

export async function buildTestApp<D extends Database = TestDatabase>(
  options: BuildTestAppOptions<D> = {},
): Promise<TestApp<D>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-test-data-'));
  const created = options.database ? null : await createTestDatabase();
  const db = (options.database ?? created) as D;
  const config = testConfig({ dataDir, ...options.config });
  const clock = createTestClock(options.now);
  const { logger, logs } = createTestLogger();
  const app = await buildApp({
    config,
    database: db,
    now: clock.now,
    logger,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.storage ? { storage: options.storage(dataDir) } : {}),
  });
  return {
    app,
    db,
    config,
    clock,
    logs,
    async close() {
      await app.close();
      await created?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
