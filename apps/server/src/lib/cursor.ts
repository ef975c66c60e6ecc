import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { nulPath } from './nul.ts';

/**
 * Opaque keyset cursors: base64url of a small JSON object. Clients pass them back unchanged;
 * a cursor that does not decode to `schema` (or holds a NUL character, lib/nul.ts) is a 400.
 */
export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string, schema: T): z.output<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = schema.safeParse(parsed);
  // a cursor is made by us and never holds a NUL; one that does would fail in PostgreSQL
  if (!result.success || nulPath(result.data) !== null)
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor: start again without it');
  return result.data;
}

/**
 * One keyset page from the `limit + 1` rows a repository read: the first `limit`, and the cursor
 * after the last of them (`keyOf` says what it holds) when there was a row more; null on the last
 * page.
 */
export function keysetPage<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (last: T) => unknown,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
