import type { Db } from '../db/client.ts';

/** What a use case needs from the app: the database and the clock. */
export interface UseCaseContext {
  db: Db;
  now: () => Date;
}
