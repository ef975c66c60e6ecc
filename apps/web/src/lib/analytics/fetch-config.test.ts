/**
 * The analytics configuration fetch (docs/telemetry.md#fetching-the-configuration) against a fake
 * server, on fake timers: the waits between attempts, the 60 s deadline, the fallback to the
 * local measurement id, the backoff kept between page loads, and the console messages.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { localStore, STORAGE_KEYS } from '@/lib/storage';
import { fetchAnalyticsConfig, type FetchConfigDeps } from './fetch-config';
import { AnalyticsError } from './messages';
import { localThrottleStore } from './throttle-store';

const APP = { appId: 'comensal-web', apiKey: 'demo-key-123', measurementId: 'CM-LOCAL' };
const CONFIG = { measurementId: 'CM-SERVER', appId: 'comensal-web' };
const T0 = Date.parse('2026-03-02T12:00:00Z');

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

/** A fake analytics server: answers each request with the next scripted answer and records it. */
function fakeServer(answers: Answer[]) {
  const requests: { at: number; url: string; headers: Headers; credentials?: RequestCredentials }[] = [];
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    requests.push({
      at: Date.now() - T0,
      url: String(input),
      headers: new Headers(init.headers),
      ...(init.credentials && { credentials: init.credentials }),
    });
    const answer = answers.shift();
    if (!answer) throw new Error('the fake server has no more answers');
    if (answer === 'hang') {
      return new Promise((_, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      });
    }
    const body = answer.body ?? { error: { code: 'X', message: `status ${answer.status}` } };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      }),
    );
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const depsFor = (fetch: typeof globalThis.fetch): FetchConfigDeps => ({
  apiOrigin: '',
  fetch,
  store: localThrottleStore,
  random: () => 0.5, // no jitter: the waits are exact
  now: Date.now,
});

let warn: MockInstance<typeof console.warn>;
let info: MockInstance<typeof console.info>;
const warnings = () => warn.mock.calls.map((call) => String(call[0]));

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the fetch to its end on fake time; answers what it settled with. */
async function settle<T>(promise: Promise<T>, ms = 120_000) {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('fetchAnalyticsConfig', () => {
  it('answers the server config at once on 200, with Accept, the key header and no cookies', async () => {
    const server = fakeServer([{ status: 200, body: CONFIG }]);
    const result = await settle(fetchAnalyticsConfig(APP, depsFor(server.fetch)));
    expect(result).toEqual({ value: CONFIG });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.url).toBe('/api/analytics/config?appId=comensal-web');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.get('x-api-key')).toBe('demo-key-123');
    expect(request?.credentials).toBe('omit');
    expect(warnings()).toEqual([]);
  });

  it('retries 429, 503 and 500 after 1 s, 30 s and 4 s, then takes the 200', async () => {
    const server = fakeServer([
      { status: 429 },
      { status: 503 },
      { status: 500 },
      { status: 200, body: CONFIG },
    ]);
    const promise = fetchAnalyticsConfig(APP, depsFor(server.fetch));

    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests.map((r) => r.at)).toEqual([0]);
    // the backoff is written down at once: a reload now would wait too
    expect(localStore.getJson(STORAGE_KEYS.analyticsThrottle)).toEqual({
      'comensal-web': { backoffCount: 1, throttleEndTimeMillis: T0 + 1000 },
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests.map((r) => r.at)).toEqual([0, 1000]);
    // after a 503 the factor is 30: 1000 × 30¹
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.requests).toHaveLength(2);

    const result = await settle(promise);
    expect(server.requests.map((r) => r.at)).toEqual([0, 1000, 31_000, 35_000]);
    expect(result).toEqual({ value: CONFIG });
    expect(warnings()).toEqual([
      'Analytics: Dynamic config fetch failed: [429] status 429 (analytics/config-fetch-failed).',
      'Analytics: Dynamic config fetch failed: [503] status 503 (analytics/config-fetch-failed).',
      'Analytics: Dynamic config fetch failed: [500] status 500 (analytics/config-fetch-failed).',
    ]);
    expect(info.mock.calls.map((call) => call[0])).toEqual([
      'Analytics: config fetch throttled, next attempt in 1000 ms.',
      'Analytics: config fetch throttled, next attempt in 30000 ms.',
      'Analytics: config fetch throttled, next attempt in 4000 ms.',
    ]);
    // success clears the backoff
    expect(localStore.get(STORAGE_KEYS.analyticsThrottle)).toBeNull();
  });

  it('waits 1 s, 2 s, 4 s, 8 s, 16 s on repeated 504s until the 60 s deadline, then uses the local id', async () => {
    const server = fakeServer(Array.from({ length: 10 }, () => ({ status: 504 })));
    const result = await settle(fetchAnalyticsConfig(APP, depsFor(server.fetch)));
    expect(server.requests.map((r) => r.at)).toEqual([0, 1000, 3000, 7000, 15_000, 31_000]);
    expect(result).toEqual({ value: { appId: 'comensal-web', measurementId: 'CM-LOCAL' } });
    expect(warnings().at(-1)).toBe(
      "Analytics: Timed out fetching this app's measurement id from the server. Falling back to the measurement id CM-LOCAL provided in the local config.",
    );
  });

  it('moves each wait by up to ±50 % with the random draw', async () => {
    const server = fakeServer([{ status: 429 }, { status: 429 }, { status: 200, body: CONFIG }]);
    const draws = [0, 0.999];
    const deps = { ...depsFor(server.fetch), random: () => draws.shift() ?? 0.5 };
    await settle(fetchAnalyticsConfig(APP, deps));
    // 1000 − 500, then 2000 + 998
    expect(server.requests.map((r) => r.at)).toEqual([0, 500, 3498]);
  });

  it("waits at least the server's Retry-After", async () => {
    const server = fakeServer([
      { status: 429, headers: { 'Retry-After': '5' } },
      { status: 200, body: CONFIG },
    ]);
    await settle(fetchAnalyticsConfig(APP, depsFor(server.fetch)));
    expect(server.requests.map((r) => r.at)).toEqual([0, 5000]);
  });

  it('after three 503s the next wait (15 min) passes the deadline: the local id at 60 s', async () => {
    const server = fakeServer([{ status: 503 }, { status: 503 }, { status: 503 }]);
    const promise = fetchAnalyticsConfig(APP, depsFor(server.fetch));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(warnings()).toHaveLength(3);
    const result = await settle(promise, 1);
    expect(server.requests.map((r) => r.at)).toEqual([0, 1000, 31_000]);
    expect(result).toEqual({ value: { appId: 'comensal-web', measurementId: 'CM-LOCAL' } });
    expect(warnings().at(-1)).toMatch(
      /^Analytics: Timed out fetching .* Falling back to the measurement id CM-LOCAL/,
    );
    // the throttle stays for the next page load
    expect(localStore.getJson(STORAGE_KEYS.analyticsThrottle)).toEqual({
      'comensal-web': { backoffCount: 3, throttleEndTimeMillis: T0 + 31_000 + 900_000 },
    });
  });

  it('without a local id, a deadline during a wait fails fetch-throttle with the end of the throttle', async () => {
    const server = fakeServer([{ status: 503 }, { status: 503 }, { status: 503 }]);
    const { measurementId: _none, ...noLocalId } = APP;
    const result = await settle(fetchAnalyticsConfig(noLocalId, depsFor(server.fetch)));
    const error = (result as { error: AnalyticsError }).error;
    expect(error).toBeInstanceOf(AnalyticsError);
    expect(error.code).toBe('fetch-throttle');
    expect(error.message).toBe(
      `Analytics: The config fetch request timed out while in an exponential backoff state. Unix timestamp in milliseconds when fetch request throttling ends: ${T0 + 931_000}. (analytics/fetch-throttle).`,
    );
  });

  it('a server that hangs past 60 s: the request is cut at 60 s and the local id used', async () => {
    const server = fakeServer(['hang']);
    const promise = fetchAnalyticsConfig(APP, depsFor(server.fetch));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(warnings()).toEqual([]);
    const result = await settle(promise, 1);
    expect(result).toEqual({ value: { appId: 'comensal-web', measurementId: 'CM-LOCAL' } });
    expect(warnings()).toEqual([
      'Analytics: Dynamic config fetch failed: [0] no answer within 60000 ms (analytics/config-fetch-failed).',
      "Analytics: Timed out fetching this app's measurement id from the server. Falling back to the measurement id CM-LOCAL provided in the local config.",
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it('a server that hangs, without a local id: fails config-fetch-failed', async () => {
    const server = fakeServer(['hang']);
    const result = await settle(
      fetchAnalyticsConfig({ appId: APP.appId, apiKey: APP.apiKey }, depsFor(server.fetch)),
    );
    expect((result as { error: AnalyticsError }).error.code).toBe('config-fetch-failed');
  });

  it('a refusal that is not worth retrying (401): one request, the state cleared, the local id', async () => {
    localStore.setJson(STORAGE_KEYS.analyticsThrottle, {
      'comensal-web': { backoffCount: 1, throttleEndTimeMillis: T0 },
    });
    const server = fakeServer([
      {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'The analytics API key is not valid' } },
      },
    ]);
    const result = await settle(fetchAnalyticsConfig(APP, depsFor(server.fetch)));
    expect(server.requests).toHaveLength(1);
    expect(result).toEqual({ value: { appId: 'comensal-web', measurementId: 'CM-LOCAL' } });
    expect(warnings()).toEqual([
      'Analytics: Dynamic config fetch failed: [401] The analytics API key is not valid (analytics/config-fetch-failed).',
      "Analytics: Failed to fetch this app's measurement id from the server. Falling back to the measurement id CM-LOCAL provided in the local config. Analytics: Dynamic config fetch failed: [401] The analytics API key is not valid (analytics/config-fetch-failed).",
    ]);
    expect(localStore.get(STORAGE_KEYS.analyticsThrottle)).toBeNull();
  });

  it('without a local id, a final refusal fails config-fetch-failed with status and message', async () => {
    const server = fakeServer([
      { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Analytics app not found' } } },
    ]);
    const result = await settle(
      fetchAnalyticsConfig({ appId: APP.appId, apiKey: APP.apiKey }, depsFor(server.fetch)),
    );
    const error = (result as { error: AnalyticsError<'config-fetch-failed'> }).error;
    expect(error.customData).toEqual({ httpStatus: 404, responseMessage: 'Analytics app not found' });
  });

  describe('the backoff is kept between page loads', () => {
    it('a load during a backoff waits for its end before asking', async () => {
      localStore.setJson(STORAGE_KEYS.analyticsThrottle, {
        'comensal-web': { backoffCount: 2, throttleEndTimeMillis: T0 + 10_000 },
      });
      const server = fakeServer([{ status: 429 }, { status: 200, body: CONFIG }]);
      const result = await settle(fetchAnalyticsConfig(APP, depsFor(server.fetch)));
      // the count goes on where the last page left it: 1000 × 2² after the 429
      expect(server.requests.map((r) => r.at)).toEqual([10_000, 14_000]);
      expect(result).toEqual({ value: CONFIG });
    });

    it('a backoff that ends past the deadline: no request at all, the local id at 60 s', async () => {
      localStore.setJson(STORAGE_KEYS.analyticsThrottle, {
        'comensal-web': { backoffCount: 3, throttleEndTimeMillis: T0 + 900_000 },
      });
      const server = fakeServer([]);
      const result = await settle(fetchAnalyticsConfig(APP, depsFor(server.fetch)));
      expect(server.requests).toEqual([]);
      expect(result).toEqual({ value: { appId: 'comensal-web', measurementId: 'CM-LOCAL' } });
    });

    it('a broken stored state counts as none', async () => {
      localStore.set(STORAGE_KEYS.analyticsThrottle, '{"comensal-web":{"backoffCount":-1}}');
      const server = fakeServer([{ status: 200, body: CONFIG }]);
      await settle(fetchAnalyticsConfig(APP, depsFor(server.fetch)));
      expect(server.requests.map((r) => r.at)).toEqual([0]);
    });
  });

  describe('preconditions', () => {
    it('no appId: fails no-app-id without a request', async () => {
      const server = fakeServer([]);
      const result = await settle(fetchAnalyticsConfig({ apiKey: 'k' }, depsFor(server.fetch)));
      expect((result as { error: Error }).error.message).toBe(
        'Analytics: The "appId" field is empty in the local analytics config. It is needed to fetch the measurement id of this app from the server. (analytics/no-app-id).',
      );
      expect(server.requests).toEqual([]);
    });

    it('no apiKey but a local id: the local id at once, warned, without a request', async () => {
      const server = fakeServer([]);
      const result = await settle(
        fetchAnalyticsConfig({ appId: APP.appId, measurementId: 'CM-LOCAL' }, depsFor(server.fetch)),
        0,
      );
      expect(result).toEqual({ value: { appId: 'comensal-web', measurementId: 'CM-LOCAL' } });
      expect(warnings()).toEqual([
        'Analytics: The "apiKey" field is empty in the local analytics config. It is needed to fetch the measurement id of this app from the server. (analytics/no-api-key). Falling back to the measurement id CM-LOCAL provided in the local config.',
      ]);
      expect(server.requests).toEqual([]);
    });

    it('no apiKey and no local id: fails no-api-key', async () => {
      const result = await settle(fetchAnalyticsConfig({ appId: APP.appId }, depsFor(fakeServer([]).fetch)));
      expect((result as { error: AnalyticsError }).error.code).toBe('no-api-key');
    });
  });
});
