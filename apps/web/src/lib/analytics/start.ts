/**
 * The page's analytics, started once after the first screen (app/main.tsx imports this module
 * lazily, so none of it is in the first download). App id, key and local measurement id come from
 * the build (VITE_ANALYTICS_*), with the demo's values by default (docs/telemetry.md).
 */
import { DEFAULT_ANALYTICS_APP } from '@comensal/contracts';
import { env } from '@/config/env';
import { createEventsClient, randomUuid, visitorIdOfToday } from './events-client';
import { initializeAnalytics, type AnalyticsInstance } from './initialize';
import { localThrottleStore } from './throttle-store';
import { connectTracker, trackingAllowed } from './track';

const setting = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;

export function startAnalytics(): AnalyticsInstance | null {
  const vars = import.meta.env as Record<string, unknown>;
  const instance = initializeAnalytics(
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
  if (instance) startEvents(instance.collectUrl);
  return instance;
}

/**
 * The events of this page (docs/telemetry.md#events): none at all when the browser asks not to
 * be tracked; else batches by fetch, the rest by beacon when the page hides.
 */
function startEvents(url: string): void {
  if (!trackingAllowed()) return;
  const client = createEventsClient({
    url,
    post: (to, body) =>
      fetch(to, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        credentials: 'same-origin',
      }).then(
        (response) => response.status,
        () => 0,
      ),
    beacon: (to, body) => typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(to, body),
    visitorId: () => visitorIdOfToday(),
    newId: randomUuid,
    locale: () => (document.documentElement.lang.startsWith('es') ? 'es-ES' : 'en-US'),
  });
  connectTracker(client.enqueue);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') client.flushOnHide();
  });
  window.addEventListener('pagehide', () => client.flushOnHide());
}
