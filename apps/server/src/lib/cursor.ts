import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Opaque keyset cursors: base64url of a small JSON object. Clients pass them back unchanged;
 * a cursor that does not decode to `schema` is a 400.
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
  if (!result.success) throw new AppError('VALIDATION_FAILED', 'Invalid cursor: start again without it');
  return result.data;
}
