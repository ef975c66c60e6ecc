/**
 * The `idempotency_keys` rows of plugins/idempotency.ts: claim a key (one statement, so two
 * requests with the same key cannot both win), read it, store its answer, release it.
 */
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from './client.ts';
import { idempotencyKeys } from './schema.ts';

export interface IdempotencyKeyRef {
  userId: string;
  key: string;
}

export interface IdempotencyKeyRow {
  fingerprint: string;
  /** null while the request that claimed the key runs */
  status: number | null;
  body: string | null;
}

const refWhere = ({ userId, key }: IdempotencyKeyRef) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * Claims the key for a request with `fingerprint`: true when it is new, expired (`expiresAt` ≤
 * now) or was claimed before `staleBefore` and never answered (its request died); false when
 * someone holds it.
 */
export async function claimIdempotencyKey(
  db: DbExecutor,
  ref: IdempotencyKeyRef,
  fingerprint: string,
  now: Date,
  expiresAt: Date,
  staleBefore: Date,
): Promise<boolean> {
  const fresh = { fingerprint, status: null, body: null, createdAt: now, expiresAt };
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...ref, ...fresh })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: fresh,
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz
        OR (${idempotencyKeys.status} IS NULL AND ${idempotencyKeys.createdAt} <= ${staleBefore.toISOString()}::timestamptz)`,
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findIdempotencyKey(
  db: DbExecutor,
  ref: IdempotencyKeyRef,
): Promise<IdempotencyKeyRow | null> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
    })
    .from(idempotencyKeys)
    .where(refWhere(ref));
  return row ?? null;
}

/** Keeps the answer of the request that holds the key. */
export async function storeIdempotentAnswer(
  db: DbExecutor,
  ref: IdempotencyKeyRef,
  status: number,
  body: string,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, body })
    .where(and(refWhere(ref), isNull(idempotencyKeys.status)));
}

/** Gives a claimed, unanswered key back (the request was refused or failed). */
export async function releaseIdempotencyKey(db: DbExecutor, ref: IdempotencyKeyRef): Promise<void> {
  await db.delete(idempotencyKeys).where(and(refWhere(ref), isNull(idempotencyKeys.status)));
}

/** Drops the keys that expired (by index: the few since the last call). */
export async function deleteExpiredIdempotencyKeys(db: DbExecutor, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
}
