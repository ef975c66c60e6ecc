/**
 * The connection pool and the drizzle instance. Only `src/db/**` and `*-repository.ts` files
 * import drizzle or pg; everything else receives a {@link Database} or a {@link DbExecutor}.
 */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository method runs on: the pool, or the caller's transaction. */
export type DbExecutor = Db | Tx;

export interface Database {
  db: Db;
  /** Resolves when `select 1` answers within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
  onError?: (error: Error) => void;
}

export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'comensal',
  });
  // An idle client losing its connection (e.g. PostgreSQL restarting) must not crash the process.
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzle(pool, { schema });
  let closed: Promise<void> | undefined;
  return {
    db,
    async ping(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([pool.query('select 1'), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}
