/**
 * Early requests: the page's early-requests script (apps/web/early-requests.js, loaded by
 * index.html before the app) starts the first API reads of the page (the session check and the page's data) before the app's code has arrived, and keeps each
 * `fetch` promise under its path in `window.__comensalEarly`. The app's own request for the
 * same path takes that answer instead of asking again: once, and only soon after the page
 * loaded (later reads go to the network as usual).
 */

import { env } from '@/config/env';

interface EarlyRequests {
  /** When the inline script ran (ms since the epoch). */
  at: number;
  responses: Record<string, Promise<Response> | undefined>;
  /** Which code it preloaded: the page's language and, for a landing page, its name. */
  modules?: string[];
  /** The picture it preloaded (the first restaurant's cover on the home page), if any. */
  picture?: string;
}

declare global {
  interface Window {
    __comensalEarly?: EarlyRequests;
  }
}

/** An early answer older than this is not used: the page has long finished starting. */
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

/**
 * The early answer for `path` (path and query, as index.html asked for it), or undefined.
 * Either way the entry is gone afterwards: a response body can be read only once.
 */
export function takeEarlyResponse(path: string, now: number = Date.now()): Promise<Response> | undefined {
  // index.html asks its own origin only: with a separate API origin nothing was started early
  if (env.apiOrigin) return undefined;
  const early = globalThis.window?.__comensalEarly;
  const response = early?.responses[path];
  if (!early || !response) return undefined;
  delete early.responses[path];
  return now - early.at <= EARLY_RESPONSE_MAX_AGE_MS ? response : undefined;
}

/** The paths started early and not taken (yet). */
export function pendingEarlyPaths(): string[] {
  const responses = globalThis.window?.__comensalEarly?.responses ?? {};
  return Object.keys(responses).filter((path) => responses[path] !== undefined);
}
