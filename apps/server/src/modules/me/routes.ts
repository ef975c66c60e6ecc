import {
  apiErrorSchema,
  authProvidersSchema,
  MAX_PHOTO_BYTES,
  meSchema,
  PHOTO_FIELD,
  updateMeInputSchema,
} from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readMultipart, registerMultipart } from '../../http/multipart.ts';
import { requestContext, requireDiner } from '../../http/request.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { getMe } from './get-me.ts';
import { listAuthProviders } from './list-auth-providers.ts';
import { updateMe } from './update-me.ts';
import { uploadPhoto } from './upload-photo.ts';

export interface MeRoutesOptions {
  /** Where photos go; the app's storage (`app.storage`) by default. */
  storage?: FileStorage;
}

/** The caller's own profile (users and guests), and the public list of social sign-in providers. */
export async function meRoutes(instance: FastifyInstance, options: MeRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const storage = options.storage ?? app.storage;

  app.get(
    '/api/auth-providers',
    {
      schema: {
        operationId: 'listAuthProviders',
        tags: ['me'],
        summary: 'The social sign-in providers configured on this server',
        response: { 200: authProvidersSchema },
      },
    },
    async () => listAuthProviders(app.config),
  );

  app.get(
    '/api/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['me'],
        summary: 'My profile (user or guest) with my points per restaurant',
        response: { 200: meSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const diner = await requireDiner(request);
      return getMe(requestContext(request), diner.userId);
    },
  );

  app.patch(
    '/api/me',
    {
      schema: {
        operationId: 'updateMe',
        tags: ['me'],
        summary: 'Change my display name, phone number or language',
        body: updateMeInputSchema,
        response: { 200: meSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const diner = await requireDiner(request);
      return updateMe(requestContext(request), diner.userId, request.body);
    },
  );

  // multipart is taken by the upload route only: a multipart body elsewhere stays a 415
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await registerMultipart(uploads);
    uploads.post(
      '/api/me/photo',
      {
        schema: {
          operationId: 'uploadPhoto',
          tags: ['me'],
          summary: 'Upload my profile photo',
          description:
            `multipart/form-data with one file field "${PHOTO_FIELD}": a JPEG, PNG or WebP picture (checked by its ` +
            `content) of at most ${MAX_PHOTO_BYTES} bytes. It is stored as a 512×512 WebP.`,
          consumes: ['multipart/form-data'],
          response: {
            200: meSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            413: apiErrorSchema,
            415: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const diner = await requireDiner(request);
        const { file } = await readMultipart(request, {
          fileField: PHOTO_FIELD,
          maxFileBytes: MAX_PHOTO_BYTES,
        });
        return uploadPhoto(requestContext(request), storage, diner.userId, file.data);
      },
    );
  });
}
