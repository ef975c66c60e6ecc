import { type ApiErrorCode, isApiError } from './api-client';

/**
 * What to show (or log) for each code an API call can fail with. A table that leaves a code out,
 * or names one the contracts do not have, fails type-checking: a new server code is a decision
 * in every table.
 */
export type ErrorTable<T> = Readonly<Record<ApiErrorCode, T>>;

/** `table`'s entry for the failure's code; `fallback` for anything else (not an API failure, a code outside the contract). */
export function fromErrorTable<T>(table: ErrorTable<T>, error: unknown, fallback: T): T {
  if (!isApiError(error) || !Object.hasOwn(table, error.code)) return fallback;
  return table[error.code as ApiErrorCode];
}

/** `details.reason` of an API failure, when the server named one (which rule refused a reservation, …). */
export function reasonOf(error: unknown): string | null {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return null;
  const { reason } = error.details as { reason?: unknown };
  return typeof reason === 'string' ? reason : null;
}
