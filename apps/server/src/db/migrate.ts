import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant: the advisory lock every Comensal instance takes around migrations. */
const MIGRATION_LOCK_KEY = 727_465_301;

/**
 * Applies pending migrations from src/db/migrations. Several instances starting at once on the
 * same database take turns on a session-level advisory lock; the later ones find nothing to do.
 */
export async function migrateDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'comensal-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
