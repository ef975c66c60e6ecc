import { ANALYTICS_API_KEY_HEADER, type AnalyticsConfig } from '@comensal/contracts';
import {
  ANALYTICS_CONFIG_TIMEOUT_MS,
  analyticsBackoffMillis,
  isRetriableAnalyticsStatus,
} from '@comensal/domain';
import { AnalyticsError, analyticsWarnings } from './messages';
import type { ThrottleState, ThrottleStore } from './throttle-store';

/** What the page knows before asking: the app id, its key, and maybe a measurement id of its own. */
export interface AnalyticsAppOptions {
  appId?: string | undefined;
  apiKey?: string | undefined;
  /** The local measurement id, used whenever the server's cannot be had. */
  measurementId?: string | undefined;
}

export interface FetchConfigDeps {
  /** Origin of the API ('' = the page's own). */
  apiOrigin: string;
  fetch: typeof fetch;
  store: ThrottleStore;
  /** [0, 1): the jitter of the backoff. */
  random: () => number;
  now: () => number;
  timeoutMs?: number;
}

/** The deadline struck: what was waited on stops at once. */
class DeadlineError extends Error {}

function sleepUntil(endMillis: number, now: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DeadlineError());
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, endMillis - now),
    );
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DeadlineError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const isConfig = (body: unknown): body is AnalyticsConfig =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as AnalyticsConfig).measurementId === 'string' &&
  typeof (body as AnalyticsConfig).appId === 'string';

/** The message of an `{ error: { message } }` body, or the status text. */
async function responseMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // not JSON: the status text says enough
  }
  return response.statusText;
}

/** A server's `Retry-After` in seconds, as milliseconds; null when absent or a date. */
function retryAfterMillis(response: Response): number | null {
  const value = response.headers.get('retry-after');
  return value !== null && /^\d{1,6}$/.test(value.trim()) ? Number(value) * 1000 : null;
}

/**
 * The app's analytics configuration from `GET /api/analytics/config`
 * (docs/telemetry.md#fetching-the-configuration), step by step:
 *
 * 1. No appId: fails `no-app-id`. No apiKey: the local measurement id at once (warned), else
 *    fails `no-api-key`.
 * 2. The backoff state of the app comes from the store (it survives reloads).
 * 3. One deadline of 60 s covers everything below: waits and requests alike are cut by it.
 * 4. Wait out the backoff, then ask. 200/304: the state is cleared, the config answered. 429,
 *    500, 503, 504: wait longer (1 s × 2ⁿ, × 30ⁿ after a 503, ±50 %, at least any Retry-After)
 *    and ask again. Anything else, or no answer at all: the state is cleared and the fetch fails
 *    `config-fetch-failed` with the status and the server's message.
 * 5. Failed or cut by the deadline: the local measurement id when there is one (warned), else the
 *    error (`fetch-throttle` when the deadline struck during a wait).
 * Every failed attempt is logged (console.warn) with its status and message, every wait (console.info).
 */
export async function fetchAnalyticsConfig(
  options: AnalyticsAppOptions,
  deps: FetchConfigDeps,
): Promise<AnalyticsConfig> {
  const { appId, apiKey, measurementId } = options;
  if (!appId) throw new AnalyticsError('no-app-id', {});
  if (!apiKey) {
    if (!measurementId) throw new AnalyticsError('no-api-key', {});
    console.warn(analyticsWarnings.noApiKeyFallback(measurementId));
    return { appId, measurementId };
  }

  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), deps.timeoutMs ?? ANALYTICS_CONFIG_TIMEOUT_MS);
  const fallback = (warning: string, error: AnalyticsError): AnalyticsConfig => {
    if (!measurementId) throw error;
    console.warn(warning);
    return { appId, measurementId };
  };
  const url = `${deps.apiOrigin}/api/analytics/config?appId=${encodeURIComponent(appId)}`;
  let state: ThrottleState = deps.store.read(appId) ?? {
    backoffCount: 0,
    throttleEndTimeMillis: deps.now(),
  };
  try {
    for (;;) {
      try {
        await sleepUntil(state.throttleEndTimeMillis, deps.now(), controller.signal);
      } catch {
        const { throttleEndTimeMillis } = state;
        return fallback(
          analyticsWarnings.timedOutFallback(measurementId ?? ''),
          new AnalyticsError('fetch-throttle', { throttleEndTimeMillis }),
        );
      }

      let response: Response;
      try {
        response = await deps.fetch(url, {
          method: 'GET',
          headers: { Accept: 'application/json', [ANALYTICS_API_KEY_HEADER]: apiKey },
          credentials: 'omit',
          signal: controller.signal,
        });
      } catch (thrown) {
        const timedOut = controller.signal.aborted;
        const error = new AnalyticsError('config-fetch-failed', {
          httpStatus: 0,
          responseMessage: timedOut
            ? `no answer within ${deps.timeoutMs ?? ANALYTICS_CONFIG_TIMEOUT_MS} ms`
            : thrown instanceof Error
              ? thrown.message
              : String(thrown),
        });
        console.warn(error.message);
        deps.store.clear(appId);
        return fallback(
          timedOut
            ? analyticsWarnings.timedOutFallback(measurementId ?? '')
            : analyticsWarnings.failedFallback(measurementId ?? '', error.message),
          error,
        );
      }

      if (response.status === 200 || response.status === 304) {
        const body: unknown = await response.json().catch(() => null);
        deps.store.clear(appId);
        if (isConfig(body)) return { measurementId: body.measurementId, appId: body.appId };
        const error = new AnalyticsError('config-fetch-failed', {
          httpStatus: response.status,
          responseMessage: 'the answer is not an analytics config',
        });
        console.warn(error.message);
        return fallback(analyticsWarnings.failedFallback(measurementId ?? '', error.message), error);
      }

      const error = new AnalyticsError('config-fetch-failed', {
        httpStatus: response.status,
        responseMessage: await responseMessage(response),
      });
      console.warn(error.message);
      if (!isRetriableAnalyticsStatus(response.status)) {
        deps.store.clear(appId);
        return fallback(analyticsWarnings.failedFallback(measurementId ?? '', error.message), error);
      }
      const backoff = Math.max(
        analyticsBackoffMillis(state.backoffCount, response.status, deps.random()),
        retryAfterMillis(response) ?? 0,
      );
      state = { backoffCount: state.backoffCount + 1, throttleEndTimeMillis: deps.now() + backoff };
      deps.store.write(appId, state);
      console.info(`Analytics: config fetch throttled, next attempt in ${backoff} ms.`);
    }
  } finally {
    clearTimeout(deadline);
  }
}
