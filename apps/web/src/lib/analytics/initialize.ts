import type { AnalyticsConfig } from '@comensal/contracts';
import { fetchAnalyticsConfig, type AnalyticsAppOptions, type FetchConfigDeps } from './fetch-config';
import { AnalyticsError, analyticsMessage, analyticsWarnings } from './messages';

/** Where measurements go unless told otherwise: our own API, never a third party. */
export const DEFAULT_COLLECT_PATH = '/api/analytics/events';

export interface AnalyticsOptions extends AnalyticsAppOptions {
  /**
   * Where measurements are sent: only a path of our own API under /api/analytics/ is taken (a
   * script or endpoint elsewhere is refused with `invalid-gtag-resource`).
   */
  collectUrl?: string | undefined;
}

export interface AnalyticsInstance {
  appId: string;
  options: Readonly<AnalyticsOptions>;
  /** Absolute URL of our own endpoint that takes the measurements. */
  collectUrl: string;
  /** The measurement id to use (the server's, else the local one), or null when there is none. */
  config: Promise<AnalyticsConfig | null>;
}

export interface AnalyticsEnvironment {
  cookieEnabled: boolean;
  indexedDBAvailable: boolean;
  /** The page's origin, e.g. http://localhost:3000. */
  origin: string;
}

const instances = new Map<string, AnalyticsInstance>();

/** Tests only: forget every instance. */
export function resetAnalyticsInstances(): void {
  instances.clear();
}

const sameOptions = (a: AnalyticsOptions, b: AnalyticsOptions) =>
  a.appId === b.appId &&
  a.apiKey === b.apiKey &&
  a.measurementId === b.measurementId &&
  a.collectUrl === b.collectUrl;

/** The collect URL when it is our own analytics API, else the default (and a warning). */
function trustedCollectUrl(requested: string | undefined, deps: FetchConfigDeps, env: AnalyticsEnvironment) {
  const apiBase = deps.apiOrigin || env.origin;
  const fallback = new URL(DEFAULT_COLLECT_PATH, apiBase).href;
  if (requested === undefined) return fallback;
  let url: URL | null;
  try {
    url = new URL(requested, apiBase);
  } catch {
    url = null;
  }
  if (url && url.origin === new URL(apiBase).origin && url.pathname.startsWith('/api/analytics/')) {
    return url.href;
  }
  console.warn(analyticsMessage('invalid-gtag-resource', { gtagURL: requested }));
  return fallback;
}

/**
 * Starts analytics for one app (docs/telemetry.md): at most one instance per app id. The
 * configuration is fetched in the background; what cannot work here (no cookies, no IndexedDB)
 * is warned about, not thrown. Answers null when there is no app id.
 */
export function initializeAnalytics(
  options: AnalyticsOptions,
  deps: FetchConfigDeps,
  env: AnalyticsEnvironment,
): AnalyticsInstance | null {
  const { appId } = options;
  if (!appId) {
    console.error(new AnalyticsError('no-app-id', {}).message);
    return null;
  }
  const existing = instances.get(appId);
  if (existing) {
    if (sameOptions(existing.options, options)) {
      console.warn(analyticsMessage('already-exists', { appId }));
    } else {
      console.error(analyticsMessage('already-initialized', {}));
    }
    return existing;
  }
  if (!env.cookieEnabled) console.warn(analyticsMessage('invalid-analytics-context', {}));
  if (!env.indexedDBAvailable) console.warn(analyticsMessage('indexeddb-unavailable', {}));

  const config = fetchAnalyticsConfig(options, deps).then(
    (fetched) => {
      if (options.measurementId && options.measurementId !== fetched.measurementId) {
        console.warn(analyticsWarnings.staleLocalId(options.measurementId, fetched.measurementId));
      }
      return fetched;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      return null;
    },
  );
  const instance: AnalyticsInstance = {
    appId,
    options: { ...options },
    collectUrl: trustedCollectUrl(options.collectUrl, deps, env),
    config,
  };
  instances.set(appId, instance);
  return instance;
}
