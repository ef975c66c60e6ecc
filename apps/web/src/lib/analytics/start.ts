/**
 * The page's analytics, started once after the first paint (app/main.tsx imports this module
 * lazily, so none of it is in the first download). App id, key and local measurement id come from
 * the build (VITE_ANALYTICS_*), with the demo's values by default (docs/telemetry.md).
 */
import { DEFAULT_ANALYTICS_APP } from '@comensal/contracts';
import { env } from '@/config/env';
import { initializeAnalytics, type AnalyticsInstance } from './initialize';
import { localThrottleStore } from './throttle-store';

const setting = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

export function startAnalytics(): AnalyticsInstance | null {
  const vars = import.meta.env as Record<string, unknown>;
  return initializeAnalytics(
    {
      appId: setting(vars.VITE_ANALYTICS_APP_ID, DEFAULT_ANALYTICS_APP.appId),
      apiKey: setting(vars.VITE_ANALYTICS_API_KEY, DEFAULT_ANALYTICS_APP.apiKey),
      measurementId: setting(vars.VITE_ANALYTICS_MEASUREMENT_ID, DEFAULT_ANALYTICS_APP.measurementId),
    },
    {
      apiOrigin: env.apiOrigin,
      fetch: (input, init) => fetch(input, init),
      store: localThrottleStore,
      random: Math.random,
      now: Date.now,
    },
    {
      cookieEnabled: navigator.cookieEnabled,
      indexedDBAvailable: typeof indexedDB !== 'undefined',
      origin: location.origin,
    },
  );
}
