import { timingSafeEqual } from 'node:crypto';
import type { AnalyticsConfig } from '@comensal/contracts';
import { DEFAULT_ANALYTICS_CONFIG, type AnalyticsAppConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

const sameKey = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // timingSafeEqual needs equal lengths; comparing b with itself keeps the time independent of a
  return a.length === b.length ? timingSafeEqual(a, b) : (timingSafeEqual(b, b), false);
};

/**
 * The measurement id of the configured app (docs/telemetry.md#analytics-configuration). The key
 * is checked first, so an unknown app id tells nothing to a caller without the key.
 */
export function getAnalyticsConfig(
  configured: AnalyticsAppConfig | undefined,
  appId: string,
  apiKey: string | string[] | undefined,
): AnalyticsConfig {
  const app = configured ?? DEFAULT_ANALYTICS_CONFIG;
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new AppError('UNAUTHENTICATED', 'The analytics API key header (x-api-key) is missing');
  }
  if (!sameKey(apiKey, app.apiKey)) {
    throw new AppError('UNAUTHENTICATED', 'The analytics API key is not valid');
  }
  if (appId !== app.appId) throw AppError.notFound('Analytics app');
  return { measurementId: app.measurementId, appId: app.appId };
}
