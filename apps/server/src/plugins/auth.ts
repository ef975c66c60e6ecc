/**
 * Mounts better-auth at /api/auth/* (its own protocol and error bodies) and decorates
 * `app.auth` for other modules (sessions: `app.auth.api.getSession({ headers })`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH, createAuth, type Auth } from '../auth/auth.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/**
 * The request's headers for better-auth. It reads the client address from X-Forwarded-For (rate
 * limits, session records); give it the one Fastify worked out under TRUST_PROXY instead of
 * whatever the client sent.
 */
function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-forwarded-for' || name === 'x-real-ip') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

async function authRoutes(app: FastifyInstance) {
  // better-auth reads the body itself: hand it the raw text, whatever the content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, app.config.publicUrl);
      const hasBody = request.method !== 'GET' && typeof request.body === 'string' && request.body.length > 0;
      const response = await app.auth.handler(
        new Request(url, {
          method: request.method,
          headers: toFetchHeaders(request),
          ...(hasBody ? { body: request.body as string } : {}),
        }),
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

export const authPlugin = globalPlugin('auth', async (app) => {
  app.decorate('auth', createAuth({ config: app.config, db: app.db, logger: app.log }));
  await app.register(authRoutes);
});
