/**
 * Request limits shared by every instance, one statement per attempt (the upsert counts the
 * attempt and answers atomically, so concurrent requests cannot all slip through on a stale read):
 * - fixed windows in `rate_limits` (`consumeRateLimit`, `forgetRateLimit`): better-auth's per-IP
 *   limiter and the sign-in counters;
 * - token buckets in `rate_buckets` (`takeToken`): the abuse limits that must allow a burst (forty
 *   guests behind one restaurant Wi-Fi) and then a steady rate (docs/product.md#booking-limits).
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from './client.ts';
import { rateBuckets, rateLimits } from './schema.ts';

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

/** The count of a fixed window now, without counting an attempt (0 when the window is over). */
export async function peekRateLimit(
  db: DbExecutor,
  key: string,
  rule: Pick<RateLimitRule, 'windowSeconds'>,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  if (!row) return 0;
  return row.windowStartedAt.getTime() + rule.windowSeconds * 1000 > now.getTime() ? row.count : 0;
}

/** A token bucket: up to `capacity` at once, then `perMinute` tokens a minute. */
export interface BucketRule {
  capacity: number;
  perMinute: number;
}

/**
 * Takes one token of bucket `key` (a full bucket when it is new). One upsert: the row lock of
 * ON CONFLICT serialises concurrent takes, so a bucket never gives more than it holds.
 */
export async function takeToken(
  db: DbExecutor,
  key: string,
  rule: BucketRule,
  now: Date,
): Promise<RateLimitDecision> {
  const at = now.toISOString();
  const perSecond = rule.perMinute / 60;
  const refilled = sql`LEAST(${rule.capacity}::float8, ${rateBuckets.tokens} + GREATEST(0, EXTRACT(EPOCH FROM (${at}::timestamptz - ${rateBuckets.updatedAt}))) * ${perSecond}::float8)`;
  const [row] = await db
    .insert(rateBuckets)
    .values({ key, tokens: rule.capacity - 1, allowed: true, updatedAt: now })
    .onConflictDoUpdate({
      target: rateBuckets.key,
      set: {
        tokens: sql`CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END`,
        allowed: sql`${refilled} >= 1`,
        updatedAt: sql`GREATEST(${rateBuckets.updatedAt}, ${at}::timestamptz)`,
      },
    })
    .returning({ tokens: rateBuckets.tokens, allowed: rateBuckets.allowed });
  if (!row) throw new Error('rate limit: the bucket upsert answered no row');
  if (row.allowed) {
    if (row.tokens === rule.capacity - 1) {
      // a full bucket: a good moment to drop buckets idle long enough to be full again
      const cutoff = new Date(now.getTime() - KEEP_SECONDS * 1000);
      await db.delete(rateBuckets).where(lt(rateBuckets.updatedAt, cutoff));
    }
    return { allowed: true, retryAfterSeconds: null };
  }
  const missing = 1 - row.tokens;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / perSecond || 1)) };
}
