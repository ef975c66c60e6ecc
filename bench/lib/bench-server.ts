// Child process: the real app (buildApp) on an embedded PostgreSQL in a temp folder, with bench
// data, logger silent, on a free loopback port. Prints one line `READY {json}` then serves until
// SIGTERM/SIGINT, when it stops PostgreSQL and removes the folder.
//
//   node bench/lib/bench-server.ts --restaurants 10000 --menu-products 200 [--demo] [--sign-ins-per-ip 1000] (also the burst of guest sign-ins and bookings, and the live sockets, per address)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import {
  DEFAULT_ABUSE_LIMITS,
  DEFAULT_AUTH_RATE_LIMIT,
  DEFAULT_LIVE_LIMITS,
  DEFAULT_WEBPAY_CONFIG,
  withBurstPerAddress,
  type Config,
} from '../../apps/server/src/config.ts';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrateDatabase } from '../../apps/server/src/db/migrate.ts';
import { DEMO_RESTAURANTS } from '../../apps/server/src/db/seed/demo-data.ts';
import { seedDemoData } from '../../apps/server/src/db/seed/seed.ts';
import { createContext } from '../../apps/server/src/lib/context.ts';
import { findRestaurantIdBySlug } from '../../apps/server/src/modules/restaurants/index.ts';
import { localFileStorage } from '../../apps/server/src/storage/file-storage.ts';
import { insertBigMenu, insertGeneratedRestaurants } from './seed.ts';

export interface BenchServerInfo {
  url: string;
  databaseUrl: string;
  /** The big generated menu. */
  restaurantId: string;
  productId: string;
  /** With --demo: the first demo restaurant. */
  demoRestaurantId: string | null;
}

const { values } = parseArgs({
  options: {
    restaurants: { type: 'string', default: '10000' },
    'menu-products': { type: 'string', default: '200' },
    // the demo data (restaurants with pictures, demo users), as `npm start` seeds it
    demo: { type: 'boolean', default: false },
    // the built SPA to serve (default apps/web/dist)
    'web-dist': { type: 'string' },
    // sign-ins allowed per IP and window (default as configured for production): a benchmark
    // signing in hundreds of diners from loopback lifts it
    'sign-ins-per-ip': { type: 'string' },
  },
});

const silent = pino({ level: 'silent' });
const dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-bench-'));
await chmod(dir, 0o755); // as root, PostgreSQL runs as the postgres user, who must reach pg/
const pgServer = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'pg'),
  passwordFile: path.join(dir, 'pg-password'),
  logger: silent,
});
let stopping = false;
let app: FastifyInstance | undefined;
let database: Database | undefined;
const stop = async (exitCode = 0) => {
  if (stopping) return;
  stopping = true;
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await pgServer.stop().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  process.exit(exitCode);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

try {
  await migrateDatabase(pgServer.connectionString);
  database = createDatabase(pgServer.connectionString, { max: 10 });
  const menu = await insertBigMenu(database.db, Number(values['menu-products']));
  const restaurants = Number(values.restaurants);
  if (restaurants > 0) await insertGeneratedRestaurants(pgServer.connectionString, 1, restaurants);

  const port = await freePort();
  // the server serves DATA_DIR/files at /files/ (the demo pictures: a 404 was a console error,
  // Lighthouse's best practices 96)
  const storage = localFileStorage(dir);
  const config: Config = {
    port,
    host: '127.0.0.1',
    dataDir: dir,
    databaseUrl: pgServer.connectionString,
    seedDemo: false,
    publicUrl: `http://127.0.0.1:${port}`,
    authSecret: 'bench-secret-bench-secret-bench-secret-0123',
    logLevel: 'silent',
    smtpUrl: null,
    s3: null,
    webpay: { ...DEFAULT_WEBPAY_CONFIG },
    google: null,
    facebook: null,
    trustProxy: false,
    // every simulated diner comes from 127.0.0.1: one address's sign-ins and bookings are lifted
    ...(values['sign-ins-per-ip']
      ? {
          authRateLimit: { ...DEFAULT_AUTH_RATE_LIMIT, perIp: Number(values['sign-ins-per-ip']) },
          abuseLimits: withBurstPerAddress(DEFAULT_ABUSE_LIMITS, Number(values['sign-ins-per-ip'])),
          liveLimits: { ...DEFAULT_LIVE_LIMITS, maxSocketsPerAddress: Number(values['sign-ins-per-ip']) },
        }
      : {}),
  };
  let demoRestaurantId: string | null = null;
  if (values.demo) {
    await seedDemoData({ db: database.db, config, storage, logger: silent });
    demoRestaurantId = await findRestaurantIdBySlug(
      createContext({ db: database.db }),
      DEMO_RESTAURANTS[0]!.slug,
    );
  }
  app = await buildApp({
    config,
    database,
    logger: silent,
    ...(values['web-dist'] ? { webDistDir: path.resolve(values['web-dist']) } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  await app.live.ready();
  const info: BenchServerInfo = {
    url: config.publicUrl,
    databaseUrl: pgServer.connectionString,
    ...menu,
    demoRestaurantId,
  };
  process.stdout.write(`READY ${JSON.stringify(info)}\n`);
} catch (error) {
  console.error(error);
  await stop(1);
}
