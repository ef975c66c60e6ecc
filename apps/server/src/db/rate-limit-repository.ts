/**
 * Fixed-window request counters in `rate_limits`, shared by every instance. One statement per
 * attempt: the upsert counts the attempt and answers the new count atomically, so concurrent
 * requests cannot all slip through on a stale read.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from './client.ts';
import { rateLimits } from './schema.ts';

export interface RateLimitRule {
  windowSeconds: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends, when refused. */
  retryAfterSeconds: number | null;
}

/** Rows whose window started longer ago than this are removed now and then. */
const KEEP_SECONDS = 24 * 60 * 60;

export async function consumeRateLimit(
  db: DbExecutor,
  key: string,
  rule: RateLimitRule,
  now: Date,
): Promise<RateLimitDecision> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const isOver = sql`${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${isOver} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${isOver} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  if (!row) throw new Error('rate limit: the upsert answered no row');
  if (row.count === 1) {
    // a window (re)started: a good moment to drop counters nobody needs any more
    const cutoff = new Date(now.getTime() - Math.max(KEEP_SECONDS, rule.windowSeconds) * 1000);
    await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, cutoff));
  }
  if (row.count <= rule.max) return { allowed: true, retryAfterSeconds: null };
  const endsAt = row.windowStartedAt.getTime() + rule.windowSeconds * 1000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/** Drops the counter of `key` (e.g. the owner signed in: their failures are forgotten). */
export async function forgetRateLimit(db: DbExecutor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
