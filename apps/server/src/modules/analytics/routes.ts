import {
  ANALYTICS_API_KEY_HEADER,
  ANALYTICS_BATCH_MAX,
  ANALYTICS_BODY_MAX_BYTES,
  analyticsConfigQuerySchema,
  analyticsConfigSchema,
  analyticsEventBatchSchema,
  analyticsEventsAcceptedSchema,
  apiErrorSchema,
} from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext } from '../../http/request.ts';
import { ANALYTICS_KEY_SCHEME } from '../../plugins/openapi.ts';
import { getAnalyticsConfig } from './get-analytics-config.ts';
import { recordEvents, takeEventsToken } from './record-events.ts';

/**
 * The analytics configuration (anyone holding the app's API key, no session) and the events
 * (no session either: an event never says who sent it).
 */
export async function analyticsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/analytics/config',
    {
      schema: {
        operationId: 'getAnalyticsConfig',
        tags: ['analytics'],
        summary: 'The measurement id of an app, for its analytics',
        description:
          `Needs the app's API key in the \`${ANALYTICS_API_KEY_HEADER}\` header (401 UNAUTHENTICATED ` +
          'when it is missing or wrong, checked before the app id); an unknown app id answers 404 NOT_FOUND.',
        security: [{ [ANALYTICS_KEY_SCHEME]: [] }],
        querystring: analyticsConfigQuerySchema,
        response: {
          200: analyticsConfigSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      getAnalyticsConfig(
        app.config.analytics,
        request.query.appId,
        request.headers[ANALYTICS_API_KEY_HEADER],
      ),
  );

  await app.register(eventRoutes);
}

/**
 * POST /api/analytics/events, in a scope of its own: there a text/plain body is JSON too, since
 * navigator.sendBeacon cannot send application/json without a CORS preflight.
 */
async function eventRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  const e = apiErrorSchema;

  app.post(
    '/api/analytics/events',
    {
      bodyLimit: ANALYTICS_BODY_MAX_BYTES,
      // the page's own origin only, with or without a session (plugins/csrf.ts)
      config: { sameOrigin: true },
      onRequest: async (request) => takeEventsToken(requestContext(request)),
      schema: {
        operationId: 'recordAnalyticsEvents',
        tags: ['analytics'],
        summary: 'A batch of first-party analytics events (page views and the steps of a visit)',
        description:
          `At most ${ANALYTICS_BATCH_MAX} events and ${ANALYTICS_BODY_MAX_BYTES} bytes (413 PAYLOAD_TOO_LARGE), ` +
          'as JSON with Content-Type application/json or text/plain (navigator.sendBeacon). Only from ' +
          "the app's own origin (403). An event id already stored is skipped. No session is read.",
        body: analyticsEventBatchSchema,
        response: { 202: analyticsEventsAcceptedSchema, 400: e, 403: e, 413: e, 415: e, 429: e },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await recordEvents(requestContext(request), request.body)),
  );
}
