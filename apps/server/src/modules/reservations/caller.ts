/**
 * Who is calling, in the shape the reservations, invitations and client-records use cases take:
 * the request's diner (one memoised session lookup, plugins/auth.ts), or nobody.
 */
import type { FastifyRequest } from 'fastify';
import { type Diner, getDiner, requireDiner } from '../../plugins/auth.ts';

export interface Caller {
  userId: string;
  /** A guest: better-auth anonymous user (its e-mail is a generated placeholder). */
  isAnonymous: boolean;
  email: string;
  displayName: string;
  photoURL: string | null;
  locale: string | null;
}

const toCaller = ({ userId, isGuest, email, displayName, photoURL, locale }: Diner): Caller => ({
  userId,
  isAnonymous: isGuest,
  email,
  displayName,
  photoURL,
  locale,
});

export async function findCaller(request: FastifyRequest): Promise<Caller | null> {
  const diner = await getDiner(request);
  return diner ? toCaller(diner) : null;
}

/** The caller, or 401 UNAUTHENTICATED. */
export async function requireCaller(request: FastifyRequest): Promise<Caller> {
  return toCaller(await requireDiner(request));
}
