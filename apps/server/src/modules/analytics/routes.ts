import {
  ANALYTICS_API_KEY_HEADER,
  analyticsConfigQuerySchema,
  analyticsConfigSchema,
  apiErrorSchema,
} from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANALYTICS_KEY_SCHEME } from '../../plugins/openapi.ts';
import { getAnalyticsConfig } from './get-analytics-config.ts';

/** The analytics configuration: anyone holding the app's API key, no session. */
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
}
