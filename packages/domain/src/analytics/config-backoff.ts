/**
 * The waits between attempts of the analytics configuration fetch
 * (docs/telemetry.md#fetching-the-configuration): pure arithmetic, the caller gives the randomness.
 */

/** The whole fetch, every retry and wait included, gives up after this long. */
export const ANALYTICS_CONFIG_TIMEOUT_MS = 60_000;
/** The first wait, before jitter. */
export const ANALYTICS_BACKOFF_BASE_MS = 1000;
/** Each further wait is this many times the one before… */
export const ANALYTICS_BACKOFF_FACTOR = 2;
/** …or this many times after a 503 (the server asks to be left alone). */
export const ANALYTICS_BACKOFF_FACTOR_503 = 30;
/** A wait is moved by up to this share of itself, either way, so clients do not retry in step. */
export const ANALYTICS_BACKOFF_JITTER = 0.5;
/** No wait is longer than 4 hours. */
export const ANALYTICS_BACKOFF_MAX_MS = 4 * 60 * 60 * 1000;

/** The HTTP statuses worth another attempt; anything else (and a network failure) is final. */
export const ANALYTICS_RETRIABLE_STATUSES: readonly number[] = Object.freeze([429, 500, 503, 504]);

export function isRetriableAnalyticsStatus(status: number): boolean {
  return ANALYTICS_RETRIABLE_STATUSES.includes(status);
}

/**
 * Milliseconds to wait after the failed attempt number `backoffCount` (0 for the first failure)
 * answered `status`: base × factor^count (factor 30 for a 503, 2 otherwise), moved by ±50 % with
 * `random` in [0, 1) (0.5 = no jitter), rounded, capped at 4 hours.
 *
 *   count 0 → ~1 s, 1 → ~2 s, 2 → ~4 s …   after 503: 0 → ~1 s, 1 → ~30 s, 2 → ~900 s
 */
export function analyticsBackoffMillis(backoffCount: number, status: number, random: number): number {
  const factor = status === 503 ? ANALYTICS_BACKOFF_FACTOR_503 : ANALYTICS_BACKOFF_FACTOR;
  const base = ANALYTICS_BACKOFF_BASE_MS * factor ** Math.max(0, backoffCount);
  const jitter = Math.round(ANALYTICS_BACKOFF_JITTER * base * (random - 0.5) * 2);
  return Math.min(ANALYTICS_BACKOFF_MAX_MS, base + jitter);
}
