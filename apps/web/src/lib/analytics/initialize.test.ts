/**
 * Starting analytics (docs/telemetry.md#developer-messages): one instance per app id, and the
 * console messages of each case: a second start, a start with other options, no app id, no
 * cookies, no IndexedDB, a collect URL that is not our own, a stale local id, a failed fetch.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { takeConsoleErrors } from '@/testing/setup';
import type { FetchConfigDeps } from './fetch-config';
import { initializeAnalytics, resetAnalyticsInstances, type AnalyticsEnvironment } from './initialize';
import { localThrottleStore } from './throttle-store';

const APP = { appId: 'comensal-web', apiKey: 'demo-key-123', measurementId: 'CM-LOCAL' };
const ENV: AnalyticsEnvironment = {
  cookieEnabled: true,
  indexedDBAvailable: true,
  origin: 'http://localhost:3000',
};

/** A fake analytics server answering every request the same way. */
const answering =
  (status: number, body: unknown): typeof fetch =>
  () =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );

const deps = (fetch: typeof globalThis.fetch): FetchConfigDeps => ({
  apiOrigin: '',
  fetch,
  store: localThrottleStore,
  random: () => 0.5,
  now: Date.now,
});
const ok = deps(answering(200, { measurementId: 'CM-LOCAL', appId: 'comensal-web' }));

let warn: MockInstance<typeof console.warn>;
const warnings = () => warn.mock.calls.map((call) => String(call[0]));

beforeEach(() => {
  resetAnalyticsInstances();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => resetAnalyticsInstances());

describe('initializeAnalytics', () => {
  it('starts one instance that fetches the config, quietly when all is well', async () => {
    const instance = initializeAnalytics(APP, ok, ENV);
    expect(instance?.appId).toBe('comensal-web');
    expect(instance?.collectUrl).toBe('http://localhost:3000/api/analytics/events');
    await expect(instance?.config).resolves.toEqual({ measurementId: 'CM-LOCAL', appId: 'comensal-web' });
    expect(warnings()).toEqual([]);
  });

  it('a second start for the app id answers the existing instance: "already exists"', () => {
    const first = initializeAnalytics(APP, ok, ENV);
    const second = initializeAnalytics({ ...APP }, ok, ENV);
    expect(second).toBe(first);
    expect(warnings()).toEqual([
      'Analytics: An Analytics instance with the appId comensal-web already exists. Only one instance may be created for each appId; the existing one is used. (analytics/already-exists).',
    ]);
  });

  it('a start with other options for the app id is refused: "already initialized", logged as an error', () => {
    const first = initializeAnalytics(APP, ok, ENV);
    const second = initializeAnalytics({ ...APP, measurementId: 'CM-OTHER' }, ok, ENV);
    expect(second).toBe(first);
    expect(takeConsoleErrors()).toEqual([
      'Analytics: initializeAnalytics() cannot be called again with different options than those it was first called with. Call it again with the same options to get the existing instance. (analytics/already-initialized).',
    ]);
  });

  it('no app id: nothing starts, "no appId" logged as an error', () => {
    expect(initializeAnalytics({ apiKey: 'k' }, ok, ENV)).toBeNull();
    expect(takeConsoleErrors()).toEqual([
      'Analytics: The "appId" field is empty in the local analytics config. It is needed to fetch the measurement id of this app from the server. (analytics/no-app-id).',
    ]);
  });

  it('warns, without stopping, when cookies or IndexedDB are unavailable', async () => {
    const instance = initializeAnalytics(APP, ok, {
      ...ENV,
      cookieEnabled: false,
      indexedDBAvailable: false,
    });
    expect(warnings()).toEqual([
      'Analytics: Analytics is not supported in this environment. Details: Cookies are not available. (analytics/invalid-analytics-context).',
      'Analytics: IndexedDB unavailable or restricted in this environment: analytics keeps no installation id between visits. (analytics/indexeddb-unavailable).',
    ]);
    await expect(instance?.config).resolves.toMatchObject({ measurementId: 'CM-LOCAL' });
  });

  it.each([
    'https://www.googletagmanager.com/gtag/js?id=G-1',
    'http://localhost:3000/assets/tag.js',
    'javascript:alert(1)',
  ])('refuses a collect URL that is not our analytics API (%s): "invalid gtag resource"', (url) => {
    const instance = initializeAnalytics({ ...APP, collectUrl: url }, ok, ENV);
    expect(instance?.collectUrl).toBe('http://localhost:3000/api/analytics/events');
    expect(warnings()).toEqual([
      `Analytics: Trusted Types detected an invalid gtag resource: ${url}. (analytics/invalid-gtag-resource).`,
    ]);
  });

  it('takes a collect URL of our own analytics API', () => {
    const instance = initializeAnalytics({ ...APP, collectUrl: '/api/analytics/batch' }, ok, ENV);
    expect(instance?.collectUrl).toBe('http://localhost:3000/api/analytics/batch');
    expect(warnings()).toEqual([]);
  });

  it('the fetched id wins over a different local one, with a warning to update the local one', async () => {
    const instance = initializeAnalytics(
      APP,
      deps(answering(200, { measurementId: 'CM-SERVER', appId: 'comensal-web' })),
      ENV,
    );
    await expect(instance?.config).resolves.toEqual({ measurementId: 'CM-SERVER', appId: 'comensal-web' });
    expect(warnings()).toEqual([
      'Analytics: The measurement id in the local config (CM-LOCAL) does not match the one fetched from the server (CM-SERVER). The fetched one is used: update or remove the local one.',
    ]);
  });

  it('a failed fetch without a local id: config null, the failure logged as an error with status and message', async () => {
    const { measurementId: _none, ...noLocalId } = APP;
    const instance = initializeAnalytics(
      noLocalId,
      deps(
        answering(401, { error: { code: 'UNAUTHENTICATED', message: 'The analytics API key is not valid' } }),
      ),
      ENV,
    );
    await expect(instance?.config).resolves.toBeNull();
    expect(takeConsoleErrors()).toEqual([
      'Analytics: Dynamic config fetch failed: [401] The analytics API key is not valid (analytics/config-fetch-failed).',
    ]);
  });
});
