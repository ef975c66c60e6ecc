/**
 * Mounts better-auth at /api/auth/* (its own protocol and error bodies, through
 * src/auth/auth-handler.ts) and decorates `app.auth` for other modules. Routes of ours find the
 * caller with {@link getDiner} / {@link requireDiner} / {@link requireUser}.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAuthHandler } from '../auth/auth-handler.ts';
import { AUTH_BASE_PATH, createAuth, type Auth } from '../auth/auth.ts';
import { AppError } from '../lib/app-error.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** Memo of {@link getDiner} for this request. */
    dinerLookup?: Promise<Diner | null>;
  }
}

/** Who is calling: a signed-in user or a guest (better-auth anonymous user). */
export interface Diner {
  userId: string;
  isGuest: boolean;
  sessionId: string;
  /** For a guest, better-auth's generated placeholder address. */
  email: string;
  displayName: string;
  photoURL: string | null;
  locale: string | null;
}

/**
 * The request's headers for better-auth. It reads the client address from X-Forwarded-For (rate
 * limits, session records); give it the one Fastify worked out under TRUST_PROXY instead of
 * whatever the client sent.
 */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-forwarded-for' || name === 'x-real-ip') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** The caller's session, or null (no cookie, expired, signed out). Looked up once per request. */
export function getDiner(request: FastifyRequest): Promise<Diner | null> {
  request.dinerLookup ??= (async () => {
    const cookie = request.headers.cookie;
    if (!cookie) return null;
    const result = await request.server.auth.api.getSession({ headers: new Headers({ cookie }) });
    if (!result) return null;
    const user = result.user as typeof result.user & { locale?: string | null };
    return {
      userId: user.id,
      isGuest: user.isAnonymous === true,
      sessionId: result.session.id,
      email: user.email,
      displayName: user.name,
      photoURL: user.image ?? null,
      locale: user.locale ?? null,
    };
  })();
  return request.dinerLookup;
}

/** The caller, user or guest; 401 UNAUTHENTICATED without a session. */
export async function requireDiner(request: FastifyRequest): Promise<Diner> {
  const diner = await getDiner(request);
  if (!diner) throw new AppError('UNAUTHENTICATED', 'Sign in or continue as a guest first');
  return diner;
}

/** A signed-in user (not a guest): 401 without a session, 403 FORBIDDEN for guests. */
export async function requireUser(request: FastifyRequest): Promise<Diner> {
  const diner = await requireDiner(request);
  if (diner.isGuest) throw new AppError('FORBIDDEN', 'Guests cannot do this: create an account or sign in');
  return diner;
}

async function authRoutes(app: FastifyInstance) {
  // better-auth reads the body itself: hand it the raw text, whatever the content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const handle = createAuthHandler(app.auth);

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, app.config.publicUrl);
      const hasBody = request.method !== 'GET' && typeof request.body === 'string' && request.body.length > 0;
      const response = await handle(
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
  app.decorateRequest('dinerLookup', undefined);
  app.decorate(
    'auth',
    createAuth({ config: app.config, db: app.db, logger: app.log, now: app.now, mailer: app.mailer }),
  );
  await app.register(authRoutes);
});
