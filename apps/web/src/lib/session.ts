import type { authClient } from './auth-client';
import { env } from '@/config/env';
import { apiFetch } from './api-fetch';
import { takeEarlyResponse } from './early-requests';
import { logFailure } from './log';

/**
 * The session check that runs before every navigation (docs/product.md#screens-and-routes), with
 * plain `fetch`: it is on every page's start-up path, and better-auth's client (`./auth-client`) is
 * only needed where the diner signs in, up or out — those pages load it.
 */

export type Session = typeof authClient.$Infer.Session;
export type SessionUser = Session['user'];

/** How long one session answer is trusted before the next navigation asks again. */
export const SESSION_TTL_MS = 60_000;

const SESSION_PATH = '/api/auth/get-session';
const DATE_FIELDS = ['createdAt', 'updatedAt', 'expiresAt'] as const;

/** better-auth sends dates as ISO strings; its types (and its own client) have Date objects. */
function withDates(record: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...record };
  for (const field of DATE_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = new Date(value);
  }
  return copy;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The `get-session` answer: `null` (nobody) or `{ session, user }`. */
function readSession(payload: unknown): Session | null {
  if (payload === null) return null;
  if (!isRecord(payload) || !isRecord(payload.session) || !isRecord(payload.user)) {
    throw new Error('Unexpected get-session answer');
  }
  if (typeof payload.user.id !== 'string') throw new Error('Unexpected get-session answer');
  return { session: withDates(payload.session), user: withDates(payload.user) } as unknown as Session;
}

let cached: { at: number; promise: Promise<Session | null> } | null = null;

async function fetchSession(): Promise<Session | null> {
  try {
    // The first check of the page may already be under way (index.html's early requests).
    const response = await (takeEarlyResponse(SESSION_PATH) ??
      apiFetch(`${env.apiOrigin}${SESSION_PATH}`, {
        headers: { Accept: 'application/json' },
        credentials: env.apiOrigin ? 'include' : 'same-origin',
      }));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    return readSession(text ? (JSON.parse(text) as unknown) : null);
  } catch (error) {
    logFailure('Session check failed', error);
    cached = null;
    return null;
  }
}

/**
 * The current session, asked of the server at most once per {@link SESSION_TTL_MS} (concurrent
 * callers share one request). A failed check answers null and is not cached. The server, writing
 * a page for a visitor (app/server-render.tsx), asks every time.
 */
export function getSession(now: number = Date.now()): Promise<Session | null> {
  // On the server every page is another visitor's: nothing is kept between them.
  if (import.meta.env.SSR) return fetchSession();
  if (cached && now - cached.at < SESSION_TTL_MS) return cached.promise;
  const entry = { at: now, promise: fetchSession() };
  cached = entry;
  return entry.promise;
}

/** Forget the cached session: call after signing in, up or out. */
export function invalidateSession(): void {
  cached = null;
}
