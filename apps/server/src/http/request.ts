/**
 * What a route takes from Fastify for its use cases: the request context and the diner.
 *
 *   app.post('/api/reservations/:id/cancel', { schema }, async (request) =>
 *     cancelReservation(requestContext(request), await requireDiner(request), request.params.id));
 *
 * The decorations it reads (`db`, `now`, `config`, `mailer`, `live`, `auth`) come from the
 * plugins that app.ts registers before any module.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { Diner, RequestContext } from '../lib/context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of {@link findDiner} for this request. */
    dinerLookup?: Promise<Diner | null>;
  }
}

/** The context of work done outside a request (topic checks, background jobs): the app's log. */
export function appContext(app: FastifyInstance): RequestContext {
  return {
    db: app.db,
    now: app.now,
    log: app.log,
    publicUrl: app.config.publicUrl,
    mailer: app.mailer,
    live: app.live,
    ...(app.config.abuseLimits ? { limits: app.config.abuseLimits } : {}),
  };
}

/** The context of a request's use cases: the app's, logging with the request's id. */
export function requestContext(request: FastifyRequest): RequestContext {
  return { ...appContext(request.server), log: request.log, address: request.ip };
}

/** The diner of a session cookie, or null (no cookie, expired, signed out). */
export async function dinerOfCookie(app: FastifyInstance, cookie: string | undefined): Promise<Diner | null> {
  return (await sessionOfCookie(app, cookie))?.diner ?? null;
}

/** The diner of a session cookie and the session's id, or null (live sockets keep the id). */
export async function sessionOfCookie(
  app: FastifyInstance,
  cookie: string | undefined,
): Promise<{ diner: Diner; sessionId: string } | null> {
  if (!cookie) return null;
  const result = await app.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!result) return null;
  const user = result.user as typeof result.user & { locale?: string | null };
  return {
    sessionId: result.session.id,
    diner: {
      userId: user.id,
      isGuest: user.isAnonymous === true,
      email: user.email,
      emailVerified: user.emailVerified === true,
      displayName: user.name,
      photoURL: user.image ?? null,
      locale: user.locale ?? null,
    },
  };
}

/** The caller, or null when nobody is signed in. Looked up once per request. */
export function findDiner(request: FastifyRequest): Promise<Diner | null> {
  request.dinerLookup ??= dinerOfCookie(request.server, request.headers.cookie);
  return request.dinerLookup;
}

/** The caller, user or guest; 401 UNAUTHENTICATED without a session. */
export async function requireDiner(request: FastifyRequest): Promise<Diner> {
  const diner = await findDiner(request);
  if (!diner) throw new AppError('UNAUTHENTICATED', 'Sign in or continue as a guest first');
  return diner;
}

/** A signed-in user (not a guest): 401 without a session, 403 FORBIDDEN for guests. */
export async function requireUser(request: FastifyRequest): Promise<Diner> {
  const diner = await requireDiner(request);
  if (diner.isGuest) throw new AppError('FORBIDDEN', 'Guests cannot do this: create an account or sign in');
  return diner;
}
