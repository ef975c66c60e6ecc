/**
 * GET /api/analytics/config (docs/telemetry.md#analytics-configuration): the app's API key in the
 * x-api-key header opens it, nothing else does; the app id, key and measurement id come from the
 * configuration.
 */
import { ANALYTICS_API_KEY_HEADER, DEFAULT_ANALYTICS_APP } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

const url = (appId: string) => `/api/analytics/config?appId=${encodeURIComponent(appId)}`;

describe('GET /api/analytics/config with the default (demo) configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers: { accept: 'application/json', ...headers } });

  it('answers the measurement id and app id to the right key', async () => {
    const res = await get(url(DEFAULT_ANALYTICS_APP.appId), {
      [ANALYTICS_API_KEY_HEADER]: DEFAULT_ANALYTICS_APP.apiKey,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      measurementId: DEFAULT_ANALYTICS_APP.measurementId,
      appId: DEFAULT_ANALYTICS_APP.appId,
    });
  });

  it('refuses a request without the key header: 401 UNAUTHENTICATED', async () => {
    const res = await get(url(DEFAULT_ANALYTICS_APP.appId));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it.each([
    ['a wrong key of another length', 'nope'],
    ['a wrong key of the same length', 'x'.repeat(DEFAULT_ANALYTICS_APP.apiKey.length)],
    ['the key with a different case', DEFAULT_ANALYTICS_APP.apiKey.toUpperCase()],
    ['an empty key', ''],
  ])('refuses %s: 401 UNAUTHENTICATED', async (_, key) => {
    const res = await get(url(DEFAULT_ANALYTICS_APP.appId), { [ANALYTICS_API_KEY_HEADER]: key });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });

  it('does not take the key from the query string', async () => {
    const res = await get(`${url(DEFAULT_ANALYTICS_APP.appId)}&apiKey=${DEFAULT_ANALYTICS_APP.apiKey}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('refuses an unknown app id with the right key: 404 NOT_FOUND', async () => {
    const res = await get(url('someone-else'), { [ANALYTICS_API_KEY_HEADER]: DEFAULT_ANALYTICS_APP.apiKey });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('checks the key before the app id: an unknown app id without the key is 401', async () => {
    const res = await get(url('someone-else'), { [ANALYTICS_API_KEY_HEADER]: 'wrong-key-wrong' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no appId', '/api/analytics/config'],
    ['an empty appId', '/api/analytics/config?appId='],
    ['an appId past 100 characters', url('a'.repeat(101))],
    ['an unknown field', `${url(DEFAULT_ANALYTICS_APP.appId)}&debug=1`],
  ])('refuses %s: 400 VALIDATION_FAILED', async (_, path) => {
    const res = await get(path, { [ANALYTICS_API_KEY_HEADER]: DEFAULT_ANALYTICS_APP.apiKey });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('GET /api/analytics/config with a configured app', () => {
  const analytics = { appId: 'web-prod', apiKey: 'prod-key-0123456789', measurementId: 'CM-PROD-42' };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { analytics } });
  });
  afterAll(() => t?.close());

  it('answers the configured measurement id to the configured key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url('web-prod'),
      headers: { [ANALYTICS_API_KEY_HEADER]: analytics.apiKey },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ measurementId: 'CM-PROD-42', appId: 'web-prod' });
  });

  it('no longer opens with the demo key or for the demo app', async () => {
    const demoKey = await t.app.inject({
      method: 'GET',
      url: url('web-prod'),
      headers: { [ANALYTICS_API_KEY_HEADER]: DEFAULT_ANALYTICS_APP.apiKey },
    });
    expect(demoKey.statusCode).toBe(401);
    const demoApp = await t.app.inject({
      method: 'GET',
      url: url(DEFAULT_ANALYTICS_APP.appId),
      headers: { [ANALYTICS_API_KEY_HEADER]: analytics.apiKey },
    });
    expect(demoApp.statusCode).toBe(404);
  });
});
