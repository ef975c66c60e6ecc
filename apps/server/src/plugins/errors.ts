/**
 * The one error handler: every failure answers `{ error: { code, message, details? } }`.
 * Validation (zod) → 400 VALIDATION_FAILED; AppError → its code's status; DomainError → 400 with
 * `details.reason` (or its own 409 code, lib/app-error.ts DOMAIN_ERROR_CODE); malformed JSON → 400;
 * Fastify's own 4xx (body too large, unsupported media type…) keep their status; anything else
 * is a 500 INTERNAL whose details are logged, never sent.
 */
import type { ApiError, ErrorCode } from '@comensal/contracts';
import { isDomainError } from '@comensal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, fromDomainError, isAppError } from '../lib/app-error.ts';
import { globalPlugin } from './plugin.ts';

const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

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
      return sendError(reply, status, code, message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side');
  });
});
