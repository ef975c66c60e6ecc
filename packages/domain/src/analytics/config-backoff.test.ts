import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_BACKOFF_MAX_MS,
  analyticsBackoffMillis,
  isRetriableAnalyticsStatus,
} from './config-backoff.ts';

describe('analyticsBackoffMillis', () => {
  it.each([
    // count, status, random, wait
    [0, 429, 0.5, 1000],
    [1, 429, 0.5, 2000],
    [2, 500, 0.5, 4000],
    [3, 504, 0.5, 8000],
    [4, 500, 0.5, 16_000],
    [0, 503, 0.5, 1000],
    [1, 503, 0.5, 30_000],
    [2, 503, 0.5, 900_000],
    // jitter: ±50 % of the base at the ends of [0, 1)
    [0, 429, 0, 500],
    [0, 429, 0.999, 1499],
    [1, 500, 0.75, 2500],
    [1, 503, 0.25, 22_500],
    // capped at 4 hours
    [3, 503, 0.5, ANALYTICS_BACKOFF_MAX_MS],
    [20, 429, 0.9, ANALYTICS_BACKOFF_MAX_MS],
  ])('count %i after %i with random %d waits %i ms', (count, status, random, wait) => {
    expect(analyticsBackoffMillis(count, status, random)).toBe(wait);
  });
});

describe('isRetriableAnalyticsStatus', () => {
  it.each([
    [429, true],
    [500, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [404, false],
    [501, false],
    [502, false],
    [200, false],
  ])('%i → %s', (status, retriable) => {
    expect(isRetriableAnalyticsStatus(status)).toBe(retriable);
  });
});
