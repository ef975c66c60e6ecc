/**
 * The process: `node apps/server/src/server.ts` (npm start).
 *
 * Start: config → (S3_* set) a probe write to the bucket → (embedded mode) DATA_DIR lock →
 * PostgreSQL → migrations → pool → demo seed → HTTP. SIGINT/SIGTERM/SIGHUP: hand over (below),
 * then close the pool, then PostgreSQL, release the lock, exit 0 — once, whatever number of
 * signals arrive. A failure at start-up undoes what was started and exits 1 with the reason.
 *
 * Handing over (docs/deploy.md#stopping-an-instance): `/readyz` answers 503 and every answer
 * closes its connection for DRAIN_DELAY_SECONDS, while the balancer's health checks take this
 * instance out; then it stops listening, closes its live sockets with 1012 (browsers reconnect
 * to another instance and refetch) and waits for requests under way, at most
 * DRAIN_TIMEOUT_SECONDS, before cutting what is left.
 */
import './check-node-version.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import {
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_SHUTDOWN,
  resolveConfig,
  type Config,
  type ShutdownConfig,
} from './config.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock.ts';
import { createLogger, type Logger } from './logger.ts';
import { localFileStorage, StorageUnavailableError, type FileStorage } from './storage/file-storage.ts';

/** What stopping may take besides the drain (pool, PostgreSQL) before the process gives up. */
const SHUTDOWN_MARGIN_MS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops taking work and lets what is under way finish (see the top of this file). */
async function handOver(app: FastifyInstance, shutdown: ShutdownConfig, logger: Logger): Promise<void> {
  app.drain.begin();
  if (shutdown.drainDelayMs > 0 && app.server.listening) {
    logger.info({ delayMs: shutdown.drainDelayMs }, 'draining: /readyz answers 503');
    await sleep(shutdown.drainDelayMs);
  }
  const closed = app.close();
  const cut = setTimeout(() => {
    logger.warn('requests still under way after DRAIN_TIMEOUT_SECONDS; closing their connections');
    app.server.closeAllConnections();
  }, shutdown.drainTimeoutMs);
  try {
    await closed;
  } finally {
    clearTimeout(cut);
  }
}

type Cleanup = { name: string; run: () => Promise<unknown> };

async function main(): Promise<void> {
  const envFile = path.resolve(process.cwd(), '.env');
  if (existsSync(envFile)) dotenv.config({ path: envFile, quiet: true });

  const resolved = await resolveConfig(process.env, process.cwd());
  if (!resolved.ok) {
    for (const line of resolved.errors) console.error(line);
    process.exit(1);
  }
  const config: Config = resolved.config;
  const logger = createLogger(config.logLevel);

  // Resources in start order; stopped in reverse (Fastify, pool, PostgreSQL, lock).
  const cleanups: Cleanup[] = [];
  let startup: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (reason: string, exitCode: number) => {
    stopping ??= (async () => {
      logger.info({ reason }, 'shutting down');
      const { drainDelayMs, drainTimeoutMs } = config.shutdown ?? DEFAULT_SHUTDOWN;
      const timer = setTimeout(
        () => {
          logger.error('shutdown took too long; exiting');
          process.exit(1);
        },
        drainDelayMs + drainTimeoutMs + SHUTDOWN_MARGIN_MS,
      );
      timer.unref();
      // A signal during start-up: let the step under way finish (it checks isStopping after
      // each step), so that whatever it started is stopped too.
      await startup?.catch(() => undefined);
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup.run();
        } catch (error) {
          logger.error({ err: error }, `could not stop ${cleanup.name}`);
          exitCode = 1;
        }
      }
      logger.info('stopped');
      logger.flush?.();
      process.exit(exitCode);
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void stop(signal, 0));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    void stop('uncaught exception', 1);
  });
  process.on('unhandledRejection', (error) => {
    logger.fatal({ err: error }, 'unhandled rejection');
    void stop('unhandled rejection', 1);
  });

  try {
    startup = start(config, logger, cleanups, () => stopping !== undefined, stop);
    await startup;
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof StorageUnavailableError)
      console.error(`comensal: ${error.message}`);
    else if (stopping) logger.info({ err: error }, 'start-up interrupted');
    else
      logger.fatal(
        { err: error },
        `start-up failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    await stop('start-up failed', 1);
  }
}

async function start(
  config: Config,
  logger: Logger,
  cleanups: Cleanup[],
  isStopping: () => boolean,
  stop: (reason: string, exitCode: number) => Promise<void>,
) {
  let storage: FileStorage = localFileStorage(config.dataDir);
  if (config.s3) {
    // the AWS SDK is loaded only when a bucket is configured
    const { s3FileStorage } = await import('./storage/s3-storage.ts');
    const bucket = s3FileStorage(config.s3);
    storage = bucket;
    cleanups.push({ name: 'the S3 client', run: () => bucket.close() });
    await bucket.probe();
    logger.info(
      { bucket: bucket.bucket, endpoint: config.s3.endpoint ?? 'AWS' },
      'files go to the S3 bucket',
    );
  }
  if (isStopping()) return;

  let connectionString = config.databaseUrl;
  if (connectionString === null) {
    const lock = await acquireDataDirLock(config.dataDir);
    cleanups.push({ name: 'the DATA_DIR lock', run: () => lock.release() });
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      passwordFile: path.join(config.dataDir, 'pg-password'),
      logger,
    });
    cleanups.push({ name: 'PostgreSQL', run: () => embedded.stop() });
    embedded.onUnexpectedExit(() => {
      // A Ctrl-C in a terminal reaches PostgreSQL too, a moment before our own handler runs.
      setTimeout(() => {
        if (isStopping()) return;
        logger.fatal('the embedded PostgreSQL stopped unexpectedly');
        void stop('PostgreSQL exited', 1);
      }, 500).unref();
    });
    connectionString = embedded.connectionString;
  }
  if (isStopping()) return;

  await migrateDatabase(connectionString);
  const database = createDatabase(connectionString, {
    max: config.databasePoolSize ?? DEFAULT_DATABASE_POOL_SIZE,
    onError: (error) => {
      if (!isStopping()) logger.warn({ err: error }, 'idle database connection failed');
    },
  });
  cleanups.push({ name: 'the database pool', run: () => database.close() });

  if (config.databaseUrl !== null && config.webpay.env === 'sandbox') {
    // docs/deploy.md#what-the-instances-share
    logger.warn(
      'WEBPAY_ENV=sandbox keeps its payments in the memory of this process: with several instances, use integration or production',
    );
  }
  if (config.seedDemo) await seedDemoData({ db: database.db, config, storage, logger });
  if (isStopping()) return;

  const app: FastifyInstance = await buildApp({ config, database, logger, storage });
  cleanups.push({
    name: 'the HTTP server',
    run: () => handOver(app, config.shutdown ?? DEFAULT_SHUTDOWN, logger),
  });
  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { publicUrl: config.publicUrl, database: config.databaseUrl ? 'DATABASE_URL' : 'embedded' },
    `Comensal is ready on ${config.publicUrl}`,
  );
}

await main();
