import { anonymousClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { env } from '../config/env';
import { logFailure } from './log';

/** better-auth client for `/api/auth/*` (e-mail + password, anonymous guests, session, sign-out). */
export const authClient = createAuthClient({
  baseURL: `${env.apiOrigin || window.location.origin}/api/auth`,
  plugins: [anonymousClient()],
});

export type Session = typeof authClient.$Infer.Session;
export type SessionUser = Session['user'];

/** How long one session answer is trusted before the next navigation asks again. */
export const SESSION_TTL_MS = 60_000;

let cached: { at: number; promise: Promise<Session | null> } | null = null;

async function fetchSession(): Promise<Session | null> {
  try {
    const { data, error } = await authClient.getSession();
    if (error) {
      logFailure('Session check failed', error);
      cached = null;
      return null;
    }
    return data ?? null;
  } catch (error) {
    logFailure('Session check failed', error);
    cached = null;
    return null;
  }
}

/**
 * The current session, asked of the server at most once per {@link SESSION_TTL_MS} (concurrent
 * callers share one request). A failed check answers null and is not cached.
 */
export function getSession(now: number = Date.now()): Promise<Session | null> {
  if (cached && now - cached.at < SESSION_TTL_MS) return cached.promise;
  const entry = { at: now, promise: fetchSession() };
  cached = entry;
  return entry.promise;
}

/** Forget the cached session: call after signing in, up or out. */
export function invalidateSession(): void {
  cached = null;
}
