import { createFlagStore } from './flag-store';
import { FROM_CACHE_HEADER, PRIVATE_CACHE } from './sw-rules';
import { logFailure } from './log';

/**
 * Which answers of the page came from the service worker's cache rather than from the server
 * (the worker marks them with {@link FROM_CACHE_HEADER}: no connection, or none within its
 * timeout), so the page can say it may be out of date (docs/product.md#offline-and-installing).
 * The API client reports every answer; a fresh answer for the same address clears its mark, and
 * a new page starts with none of the last page's marks.
 */

/** The addresses answered from the cache, with when (ms). */
const marks = new Map<string, number>();
const shown = createFlagStore();
const update = () => shown.set(marks.size > 0);

/** An answer arrived for `path` (path and query). */
export function noteAnswer(path: string, response: Response, now: number = Date.now()): void {
  if (response.headers.has(FROM_CACHE_HEADER)) marks.set(path, now);
  else if (!marks.delete(path)) return;
  update();
}

/**
 * The diner moved to another page (called once it has rendered, before its reads are answered):
 * the marks of the last one no longer describe what is shown.
 */
export function startPage(): void {
  marks.clear();
  update();
}

/** Whether something on this page was shown from the offline cache. */
export const useShownFromCache = (): boolean => shown.use();

/**
 * Forgets the diner's own reads the service worker kept (who was signed in, their reservations):
 * on sign-out, so that the next person on this device never sees them offline.
 */
export async function forgetPrivateReads(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(PRIVATE_CACHE);
  } catch (error) {
    logFailure('Could not empty the offline cache', error);
  }
}
