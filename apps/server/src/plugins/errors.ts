/**
 * The one error handler: every failure answers `{ error: { code, message, details? } }` with the
 * status of its code (lib/app-error.ts ERROR_STATUS), never anything else
 * (docs/security.md#errors-and-hostile-input).
 * Validation (zod) → 400 VALIDATION_FAILED; AppError → its code's status; DomainError → 400 with
 * `details.reason` (or its own 409 code, lib/app-error.ts DOMAIN_ERROR_CODE); malformed JSON → 400;
 * Fastify's own 4xx (body too large, unsupported media type…) → the code of their status (any
 * other 4xx → 400 VALIDATION_FAILED); text PostgreSQL refused as such (a NUL that got past
 * plugins/input-guard.ts) → 400; a row referring to a user deleted meanwhile → 409 CONFLICT;
 * anything else is a 500 INTERNAL whose details are logged, never
 * sent. Refusals Fastify makes before any route — a bad percent-encoding, a path parameter over
 * `maxParamLength`, a request Node's HTTP parser refuses (headers over 16 KiB: 431) — answer the
 * same shape through {@link frameworkErrors} and {@link clientErrorHandler}, which app.ts hands
 * to Fastify.
 */
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { apiErrorSchema, type ApiError, type ErrorCode } from '@comensal/contracts';
import { isDomainError } from '@comensal/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pgConstraint, pgErrorCode, SQLSTATE } from '../db/transaction.ts';
import { ERROR_STATUS, fromDomainError, isAppError } from '../lib/app-error.ts';
import { globalPlugin } from './plugin.ts';

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/**
 * SQLSTATEs that only bad text causes: a NUL character (22021), a character the database's
 * encoding lacks (22P05). Anything else PostgreSQL refuses is our bug, a 500.
 */
const TEXT_SQLSTATES = new Set(['22021', '22P05']);
/** The foreign keys to `users` (drizzle names them `<table>_<column>_users_id_fk`). */
const USER_REFERENCE = /_users_id_fk$/;

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  details?: unknown,
) {
  const body: ApiError = { error: details === undefined ? { code, message } : { code, message, details } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Declares on a route (in its response schema, hence in the OpenAPI document) a refusal that a
 * plugin gives on it, in the error shape; the route's own declaration, if any, stays.
 */
export function declareRefusal(route: RouteOptions, status: number): void {
  if (route.schema?.hide) return;
  route.schema ??= {};
  const response = (route.schema.response ?? {}) as Record<string, unknown>;
  if (!(status in response)) route.schema.response = { ...response, [status]: apiErrorSchema };
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, 404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
}

export const errorsPlugin = globalPlugin('errors', async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const details = error.validation.map((issue) => ({
        in: where,
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        code: issue.keyword,
        message: issue.message,
      }));
      const first = details[0];
      const message = first
        ? `Invalid ${where}${first.path ? ` field "${first.path}"` : ''}: ${first.message}`
        : `Invalid ${where}`;
      return sendError(reply, 400, 'VALIDATION_FAILED', message, details);
    }
    if (isAppError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (error.statusCode === 429 && typeof retryAfter === 'number')
        reply.header('retry-after', String(retryAfter));
      return sendError(reply, ERROR_STATUS[error.code], error.code, error.message, error.details);
    }
    if (isDomainError(error)) {
      const answer = fromDomainError(error);
      return sendError(reply, answer.statusCode, answer.code, answer.message, answer.details);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Body is not valid JSON'
          : error.message;
      return sendError(reply, ERROR_STATUS[code], code, message);
    }
    const sqlState = pgErrorCode(error);
    if (sqlState !== null && TEXT_SQLSTATES.has(sqlState)) {
      request.log.warn({ err: error }, 'text the database cannot store reached a query');
      return sendError(reply, 400, 'VALIDATION_FAILED', 'Text may not contain the NUL character (U+0000)');
    }
    if (sqlState === SQLSTATE.foreignKeyViolation && USER_REFERENCE.test(pgConstraint(error) ?? '')) {
      // an account deleted while a request of (or about) it was under way (docs/privacy.md#deletion)
      request.log.warn({ err: error }, 'a request met an account deleted meanwhile');
      return sendError(reply, 409, 'CONFLICT', 'An account this request refers to was deleted meanwhile');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side');
  });
});

/** Refusals Fastify makes before routing (its `frameworkErrors` option), in our shape. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'request refused before routing');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 414, 'URI_TOO_LONG', 'A path parameter is too long');
  }
  return sendError(reply, 400, 'VALIDATION_FAILED', 'The URL is not valid (bad percent-encoding?)');
}

/** The raw HTTP answer to a request Node's parser refused (no Fastify request exists). */
function rawErrorAnswer(status: number, code: ErrorCode, message: string): string {
  const body: ApiError = { error: { code, message } };
  const text = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    text,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refused (headers over its limit, a
 * request that is not HTTP, a client too slow to send its request) answered in our shape.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request line or headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive']
        : [400, 'VALIDATION_FAILED', 'The request is not valid HTTP'];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) socket.write(rawErrorAnswer(status, code, message));
  socket.destroy(error);
}
