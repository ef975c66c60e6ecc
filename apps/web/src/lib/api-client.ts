import type { ApiError as ApiErrorBody } from '@comensal/contracts';
import type { z } from 'zod';
import { env } from '@/config/env';
import { takeEarlyResponse } from './early-requests';
import { type Query, toSearch } from './search-params';

/** Codes the client itself produces, next to the server's `ERROR_CODES`. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'INVALID_RESPONSE', 'HTTP_ERROR'] as const;

/**
 * Every failed API call throws this: `code` is the server's stable code (`NOT_FOUND`,
 * `TABLE_TAKEN`, …) or one of {@link CLIENT_ERROR_CODES}; `status` is the HTTP status
 * (0 when the request never got an answer).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number, message?: string, options?: { cause?: unknown }) {
    super(message ?? code, options);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A 4xx answer: asking again will not help (retry only network and server failures). */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.code === 'NOT_FOUND');
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Schema of the success answer (from `@comensal/contracts`); the answer is parsed with it.
   * Optional: the server already validates every answer against the same contract, so read
   * paths on the start-up route leave it out and keep zod off the initial download (the type
   * then comes from the contracts' `import type`).
   */
  schema?: z.ZodType<T>;
}

/** The `{ error: { code, message } }` shape, checked by hand so this module needs no zod. */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON over HTTP to the API; cookies ride along (same origin, or the configured API origin). */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', query, body, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const pathAndQuery = `${path}${toSearch(query)}`;
  // A read the page's inline script already started.
  const early = method === 'GET' ? takeEarlyResponse(pathAndQuery) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(`${env.apiOrigin}${pathAndQuery}`, {
        method,
        headers,
        credentials: env.apiOrigin ? 'include' : 'same-origin',
        ...(body !== undefined && { body: JSON.stringify(body) }),
        ...(signal && { signal }),
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 0, 'The request did not reach the server', { cause: error });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      throw new ApiError(payload.error.code, response.status, payload.error.message);
    }
    throw new ApiError('HTTP_ERROR', response.status, `HTTP ${response.status}`);
  }

  if (!schema) {
    if (payload === undefined) {
      throw new ApiError('INVALID_RESPONSE', response.status, `Unexpected answer from ${path}`);
    }
    return payload as T;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError('INVALID_RESPONSE', response.status, `Unexpected answer from ${path}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export function apiGet<T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T> {
  return apiRequest(path, { ...options, method: 'GET' });
}

/** URL of an uploaded file (`/files/...`) as the browser should fetch it. */
export function fileUrl(path: string): string {
  return path.startsWith('/') ? `${env.apiOrigin}${path}` : path;
}
