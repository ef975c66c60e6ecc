/**
 * The HTTP application. Plugins load in a fixed order: errors → input-guard → config → drain → security-headers → db → storage → openapi → mail →
 * auth → csrf → idempotency → live → the modules' routes → static (which also answers unknown paths). Plugins
 * never import modules: this file is where the two meet (each module through its index.ts).
 * server.ts owns the process lifecycle (PostgreSQL, pool, signals); tests call buildApp with their
 * own database and clock (src/test/app.ts).
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { withLogSafety, type Logger } from './logger.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { errorRoutes } from './modules/errors/index.ts';
import { favoriteRoutes } from './modules/favorites/index.ts';
import { transferGuest } from './modules/guest-transfer/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { meRoutes } from './modules/me/index.ts';
import { myDataRoutes } from './modules/my-data/index.ts';
import { orderRoutes } from './modules/orders/index.ts';
import { paymentRoutes } from './modules/payments/index.ts';
import { reservationRoutes } from './modules/reservations/index.ts';
import { restaurantRoutes } from './modules/restaurants/index.ts';
import { staffRoutes } from './modules/staff/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { webpayPlugin } from './payments/webpay/plugin.ts';
import { authPlugin } from './plugins/auth.ts';
import { configPlugin } from './plugins/config.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { drainPlugin } from './plugins/drain.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { livePlugin } from './plugins/live.ts';
import { mailPlugin } from './plugins/mail.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticPlugin } from './plugins/static.ts';
import { storagePlugin } from './plugins/storage.ts';
import type { FileStorage } from './storage/file-storage.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Omit for silence (tests). */
  logger?: Logger;
  /** The clock; tests fix it. */
  now?: () => Date;
  /** Where the built SPA is; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Where files go; defaults to the one the configuration asks for (`S3_*` or DATA_DIR). */
  storage?: FileStorage;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { trustProxy } = deps.config;
  const app = Fastify({
    // secrets never reach a log line, whatever logger the caller gave (logger.ts LOG_SAFETY)
    loggerInstance: withLogSafety(deps.logger ?? pino({ level: 'silent' })) as FastifyBaseLogger,
    // a number is a hop count: trust that many proxies in front of us
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // closing (server.ts handOver): a request that still arrives on an open connection is served
    // — the pool closes only after the last one — and its answer ends the connection (plugins/drain.ts)
    return503OnClosing: false,
    // refusals made before any route runs answer our error shape too (plugins/errors.ts)
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(configPlugin, { config: deps.config, now: deps.now ?? (() => new Date()) });
  await app.register(drainPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, { database: deps.database });
  await app.register(storagePlugin, { ...(deps.storage ? { storage: deps.storage } : {}) });
  await app.register(openapiPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin, { transferGuest });
  await app.register(csrfPlugin);
  await app.register(idempotencyPlugin);
  await app.register(livePlugin);
  await app.register(webpayPlugin);
  await app.register(healthRoutes);
  await app.register(restaurantRoutes);
  await app.register(meRoutes);
  await app.register(myDataRoutes);
  await app.register(userRoutes);
  await app.register(favoriteRoutes);
  await app.register(reservationRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(analyticsRoutes);
  await app.register(errorRoutes);
  await app.register(staffRoutes);
  await app.register(staticPlugin, { ...(deps.webDistDir ? { webDistDir: deps.webDistDir } : {}) });
  await app.ready();
  return app;
}
