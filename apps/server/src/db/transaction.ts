/**
 * Transactions for use cases, and the PostgreSQL errors they turn into stable answers.
 *
 *   return inTransaction(ctx.db, async (tx) => { …repository calls with tx… });
 *
 * Use cases never touch drizzle: they hand `tx` to repository methods and to
 * `ctx.live.publish(message, tx)`.
 */
import type { Db, Tx } from './client.ts';

/** SQLSTATE codes the app answers for (PostgreSQL appendix A). */
export const SQLSTATE = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  /** An exclusion constraint refused the row (e.g. `reservations_table_no_overlap`). */
  exclusionViolation: '23P01',
  /** PostgreSQL aborted this transaction to break a deadlock; it changed nothing. */
  deadlockDetected: '40P01',
} as const;

/**
 * Under many simultaneous bookings of one table a rerun can meet a new deadlock; a short random
 * wait before each rerun spreads the reruns apart (measured: 50 bookings at once on a loaded
 * machine once deadlocked three times in a row).
 */
const MAX_DEADLOCK_ATTEMPTS = 6;
const DEADLOCK_WAIT_MS = 25;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The SQLSTATE of a PostgreSQL error, also when drizzle wrapped it (DrizzleQueryError.cause). */
export function pgErrorCode(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The constraint a PostgreSQL error names, also through drizzle's wrapper. */
export function pgConstraint(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Runs `work` in one transaction. A transaction PostgreSQL chose to end a deadlock with is run
 * again (it changed nothing): two bookings inserted at once can each wait on the other's
 * uncommitted row of an exclusion constraint, and the run that follows the other's commit
 * answers the constraint's error (e.g. TABLE_TAKEN), never a 500.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx));
    } catch (error) {
      if (pgErrorCode(error) !== SQLSTATE.deadlockDetected || attempt >= MAX_DEADLOCK_ATTEMPTS) throw error;
      await pause(Math.random() * DEADLOCK_WAIT_MS * attempt);
    }
  }
}
