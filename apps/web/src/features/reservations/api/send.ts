import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';

/** An API failure together with `details.reason` of a reservation rule (400 VALIDATION_FAILED). */
export class ReservationError extends ApiError {
  readonly reason: string | null;

  constructor(code: string, status: number, reason: string | null, message?: string) {
    super(code, status, message);
    this.name = 'ReservationError';
    this.reason = reason;
  }
}

function readReason(payload: unknown): { code: string; message: string; reason: string | null } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const error = (payload as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof code !== 'string') return null;
  const reason =
    typeof details === 'object' &&
    details !== null &&
    typeof (details as { reason?: unknown }).reason === 'string'
      ? (details as { reason: string }).reason
      : null;
  return { code, message: typeof message === 'string' ? message : code, reason };
}

/**
 * JSON request for reservation changes: like `apiRequest`, but a failure keeps the rule that
 * refused it (`details.reason`), so the form can say why.
 */
export async function send<T>(path: string, method: 'POST' | 'PATCH' | 'DELETE', body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${env.apiOrigin}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      credentials: env.apiOrigin ? 'include' : 'same-origin',
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new ApiError('NETWORK_ERROR', 0, 'The request did not reach the server', { cause: error });
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const failure = readReason(payload);
    if (failure) throw new ReservationError(failure.code, response.status, failure.reason, failure.message);
    throw new ApiError('HTTP_ERROR', response.status, `HTTP ${response.status}`);
  }
  if (payload === undefined) throw new ApiError('INVALID_RESPONSE', response.status);
  return payload as T;
}
