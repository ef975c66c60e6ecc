import type { Database, Db } from '../db/client.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** drizzle on the pool; hand it to repositories only. */
    db: Db;
  }
}

/** The caller owns the pool (server.ts closes it after Fastify, before PostgreSQL stops). */
export const dbPlugin = globalPlugin<{ database: Database }>('db', async (app, options) => {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
});
