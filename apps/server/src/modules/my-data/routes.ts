import {
  apiErrorSchema,
  deleteMeInputSchema,
  deleteMeResultSchema,
  myDataExportSchema,
} from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { expiredSessionCookies } from '../../auth/expired-cookies.ts';
import { requestContext, requireDiner } from '../../http/request.ts';
import { deleteMe } from './delete-me.ts';
import { exportFileName, exportMyData } from './export-my-data.ts';

/** The diner's own data: the export download and the account's deletion (users and guests). */
export async function myDataRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const e = apiErrorSchema;

  app.get(
    '/api/me/export',
    {
      schema: {
        operationId: 'exportMyData',
        tags: ['me'],
        summary: 'Everything the app holds about me, as a JSON download',
        description:
          'Profile, sign-in methods and sessions (never a password hash or a token), points and their ' +
          'movements, favourites, reservations made and joined, invitations sent and received, join ' +
          'requests, orders, payments and transactions (Pago Móvil receipts by link), staff memberships ' +
          'and actions, client records, analytics events and error records tied to me.',
        response: { 200: myDataExportSchema, 401: e },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const ctx = requestContext(request);
      const data = await exportMyData(ctx, diner);
      return reply
        .header('content-disposition', `attachment; filename="${exportFileName(ctx.now())}"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.delete(
    '/api/me',
    {
      schema: {
        operationId: 'deleteMyAccount',
        tags: ['me'],
        summary: 'Delete my account; my orders and payments stay in the restaurants’ books, anonymised',
        description:
          '`confirm` is the account’s e-mail. The only owner of a restaurant is refused (409 LAST_OWNER); ' +
          'reservations still to come are cancelled; the profile photo’s file is removed; the session cookies are cleared.',
        body: deleteMeInputSchema,
        response: { 200: deleteMeResultSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => {
      const diner = await requireDiner(request);
      const result = await deleteMe(requestContext(request), app.storage, diner, request.body);
      const cookies = await expiredSessionCookies(app.auth, app.config.publicUrl);
      return reply.header('set-cookie', cookies).header('cache-control', 'no-store').send(result);
    },
  );
}
