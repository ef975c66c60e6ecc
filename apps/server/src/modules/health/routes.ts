import { healthSchema, readinessSchema } from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Load-balancer probes, outside /api. */
export async function healthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Probes hit every few seconds: no request lines below warn (and never louder than the app).
  const quiet = app.log.level === 'silent' || app.log.level === 'fatal' || app.log.level === 'error';
  const logLevel = quiet ? 'silent' : 'warn';

  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'checkLiveness',
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: healthSchema },
      },
      logLevel,
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'checkReadiness',
        tags: ['health'],
        summary: 'The database answers `select 1` and the instance is not stopping',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      logLevel,
    },
    async (request, reply) => {
      // SIGTERM: the balancer must stop sending here (plugins/drain.ts)
      if (app.drain.draining) return reply.status(503).send({ status: 'draining' as const });
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
