import {
  apiErrorSchema,
  ERROR_REPORT_MAX_BYTES,
  errorReportCreatedSchema,
  errorReportInputSchema,
} from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext, sessionOfCookie } from '../../http/request.ts';
import { recordError } from './record-error.ts';

const e = apiErrorSchema;

/** POST /api/errors: anyone, signed in, guest or anonymous (writes with a session: same origin, plugins/csrf.ts). */
export async function errorRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/errors',
    {
      bodyLimit: ERROR_REPORT_MAX_BYTES,
      config: { idempotent: true },
      schema: {
        operationId: 'recordError',
        tags: ['telemetry'],
        summary: 'Record what broke in the app (an error record), scrubbed of e-mails and secrets',
        description:
          `Anyone may send one. Past ${ERROR_REPORT_MAX_BYTES} bytes of body: 413 PAYLOAD_TOO_LARGE. ` +
          'Too many from one session or one address: 429 RATE_LIMITED with Retry-After. ' +
          'E-mails, tokens, keys and long secrets in the message, stack and route are replaced before storing.',
        body: errorReportInputSchema,
        response: { 201: errorReportCreatedSchema, 400: e, 413: e, 429: e },
      },
    },
    async (request, reply) => {
      const session = await sessionOfCookie(request.server, request.headers.cookie);
      const created = await recordError(
        requestContext(request),
        { sessionId: session?.sessionId ?? null, userAgent: request.headers['user-agent'] },
        request.body,
      );
      return reply.status(201).send(created);
    },
  );
}
