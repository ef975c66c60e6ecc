/**
 * Who is calling: the better-auth session of the request (guest or user), or nobody. Shared by
 * the reservations, invitations and client-records routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

export interface Caller {
  userId: string;
  /** A guest: better-auth anonymous user (its e-mail is a generated placeholder). */
  isAnonymous: boolean;
  email: string;
  displayName: string;
  photoURL: string | null;
  locale: string | null;
}

export async function findCaller(app: FastifyInstance, request: FastifyRequest): Promise<Caller | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const result = await app.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!result) return null;
  const user = result.user as typeof result.user & { locale?: string | null; isAnonymous?: boolean | null };
  return {
    userId: user.id,
    isAnonymous: user.isAnonymous === true,
    email: user.email,
    displayName: user.name,
    photoURL: user.image ?? null,
    locale: user.locale ?? null,
  };
}

/** The caller, or 401 UNAUTHENTICATED. */
export async function requireCaller(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const caller = await findCaller(app, request);
  if (!caller) throw new AppError('UNAUTHENTICATED', 'Sign in or continue as a guest first');
  return caller;
}
