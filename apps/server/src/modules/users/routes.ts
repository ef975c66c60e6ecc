import { apiErrorSchema, listUsersQuerySchema, userListSchema } from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestContext, requireUser } from '../../http/request.ts';
import { listUsers } from './list-users.ts';

/** The user list: signed-in users only (guests 403, anonymous 401). */
export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users',
    {
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        summary: 'Find other diners (display name, e-mail, photo)',
        description:
          '`q` is looked for in the display name (ignoring case and accents) and the e-mail. Guests are never ' +
          'listed. Keyset pages: pass `nextCursor` back as `cursor`.',
        querystring: listUsersQuerySchema,
        response: { 200: userListSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      await requireUser(request);
      return listUsers(requestContext(request), request.query);
    },
  );
}
