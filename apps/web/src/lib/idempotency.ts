/**
 * Idempotency keys of creates (docs/security.md#idempotent-creates): one per user action — a
 * tap on "Reserve", "Send invitation" — kept by the mutation across its retries, so a create
 * whose answer was lost (a dropped connection, a server restart) is answered again by the server
 * instead of being made twice.
 *
 *   const create = useMutation({ mutationFn: ({ input, key }) => createX(input, key), retry: retryUnanswered });
 *   create.mutate({ input, key: newIdempotencyKey() });
 */
import { isClientError } from './api-client';

/** 128 random bits in hex (`crypto.getRandomValues` works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const MAX_RETRIES = 2;

/** A create with a key may be sent again when it got no answer it can trust: a network or server failure. */
export function retryUnanswered(failureCount: number, error: unknown): boolean {
  return !isClientError(error) && failureCount < MAX_RETRIES;
}
