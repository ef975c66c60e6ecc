import { apiErrorSchema, companionListSchema } from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext, requireUser } from '../../http/request.ts';
import { listCompanions } from './list-companions.ts';

/** The caller's companions: signed-in users only (guests 403, anonymous 401). No user directory. */
export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/companions',
    {
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'People I share a reservation with, to invite them again',
        description:
          'Signed-up members of the reservations I am a member of (never guests, never e-mails), the most ' +
          'recent first. There is no way to list or search other diners.',
        response: { 200: companionListSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => listCompanions(requestContext(request), await requireUser(request)),
  );
}
