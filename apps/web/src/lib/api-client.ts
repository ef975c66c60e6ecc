import type { ApiError as ApiErrorBody, ErrorCode, ErrorReportKind } from '@comensal/contracts';
import type { z } from 'zod';
import { env } from '@/config/env';
import { apiFetch } from './api-fetch';
import { takeEarlyResponse } from './early-requests';
import { logFailure } from './log';
import { noteAnswer } from './offline-answers';
import { reportAnError } from './report-error';
import { type Query, toSearch } from './search-params';

/**
 * The web app's one HTTP client for the API: JSON (or a multipart form) over `fetch`, the
 * session cookie riding along, every failure thrown as an {@link ApiError} that keeps the
 * server's code, status and details.
 *
 * Deliberately free of zod at run time (types only): it is on every page's start-up path.
 */

/** Codes the client itself produces, next to the server's (the contracts' `ERROR_CODES`). */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'INVALID_RESPONSE', 'HTTP_ERROR'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Every code an {@link ApiError} can carry. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * Every failed API call throws this: `code` is the server's stable code (`NOT_FOUND`,
 * `TABLE_TAKEN`, …) or one of {@link CLIENT_ERROR_CODES}; `status` is the HTTP status
 * (0 when the request never got an answer); `details` is the server's `error.details` (e.g.
 * `{ reason }`: which rule refused a reservation), when it sent some.
 */
export class ApiError extends Error {
  /** An {@link ApiErrorCode} unless the server broke its contract (see ./api-errors for tables by code). */
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor(
    code: string,
    status: number,
    message?: string,
    options?: { cause?: unknown; details?: unknown },
  ) {
    super(message ?? code, options);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = options?.details;
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
  /** Sent as JSON, or as it is when it is a `FormData` (multipart, the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Schema of the success answer (from `@comensal/contracts`); the answer is parsed with it.
   * Optional: the server already validates every answer against the same contract, so read
   * paths on the start-up route leave it out and keep zod off the initial download (the type
   * then comes from the contracts' `import type`).
   */
  schema?: z.ZodType<T>;
  /**
   * The product's message (docs/product.md#product-log-messages) logged with the error when the
   * request fails — not when it was aborted.
   */
  logAs?: string;
  /** With `logAs`: the failure is also sent as an error record of this kind (lib/report-error.ts). */
  reportAs?: ErrorReportKind;
  /** Sent as `Idempotency-Key` (a create: one key per user action, lib/idempotency.ts). */
  idempotencyKey?: string;
}

/** The `{ error: { code, message, details? } }` shape, checked by hand so this module needs no zod. */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
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

async function send<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', query, body, signal, schema, idempotencyKey } = options;
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

  const pathAndQuery = `${path}${toSearch(query)}`;
  // A read the page's inline script already started.
  const early = method === 'GET' ? takeEarlyResponse(pathAndQuery) : undefined;
  let response: Response;
  try {
    response = await (early ??
      apiFetch(`${env.apiOrigin}${pathAndQuery}`, {
        method,
        headers,
        credentials: env.apiOrigin ? 'include' : 'same-origin',
        ...(body !== undefined && { body: isForm ? body : JSON.stringify(body) }),
        ...(signal && { signal }),
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 0, 'The request did not reach the server', { cause: error });
  }
  // the service worker may have answered from its cache (the page says "possibly out of date")
  if (method === 'GET') noteAnswer(pathAndQuery, response);

  const payload = await readJson(response);
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      const { code, message, details } = payload.error;
      throw new ApiError(code, response.status, message, { details });
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

/** A request to the API; cookies ride along (same origin, or the configured API origin). */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  try {
    return await send(path, options);
  } catch (error) {
    if (options.logAs && !options.signal?.aborted) {
      logFailure(options.logAs, error);
      if (options.reportAs) reportAnError(options.reportAs, options.logAs, error);
    }
    throw error;
  }
}

/** URL of an uploaded file (`/files/...`) as the browser should fetch it. */
export function fileUrl(path: string): string {
  return path.startsWith('/') ? `${env.apiOrigin}${path}` : path;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  signal?: AbortSignal;
  /** Called as the body goes out: bytes sent so far and the body's size. */
  onProgress?: (sent: number, total: number) => void;
  logAs?: string;
  /** Sent as `Idempotency-Key` (a create: one key per user action, lib/idempotency.ts). */
  idempotencyKey?: string;
}

/**
 * A multipart form sent with XMLHttpRequest, the one browser API that reports upload progress
 * (`fetch` does not): the same cookies, the same answers and the same {@link ApiError}s as
 * {@link apiRequest}.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', signal, onProgress, logAs, idempotencyKey } = options;
  const attempt = new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${env.apiOrigin}${path}`);
    xhr.withCredentials = Boolean(env.apiOrigin);
    xhr.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', abort));
    xhr.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    xhr.addEventListener('error', () =>
      reject(new ApiError('NETWORK_ERROR', 0, 'The request did not reach the server')),
    );
    xhr.addEventListener('load', () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        if (isApiErrorBody(payload)) {
          const { code, message, details } = payload.error;
          reject(new ApiError(code, xhr.status, message, { details }));
        } else reject(new ApiError('HTTP_ERROR', xhr.status, `HTTP ${xhr.status}`));
        return;
      }
      if (payload === undefined) {
        reject(new ApiError('INVALID_RESPONSE', xhr.status, `Unexpected answer from ${path}`));
        return;
      }
      resolve(payload as T);
    });
    if (signal?.aborted) {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    xhr.send(form);
  });
  return attempt.catch((error: unknown) => {
    if (logAs && !signal?.aborted) logFailure(logAs, error);
    throw error;
  });
}
