/**
 * Security headers on every answer (docs/security.md#security-headers): the app's CSP with the
 * built index.html's inline script by hash and no unsafe-inline script, frame-ancestors 'none',
 * nosniff, Referrer-Policy, Permissions-Policy, HSTS only behind https, no-store on private API
 * answers; Swagger UI and the Webpay sandbox pages with policies of their own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '../http/csp.ts';
import { freePort } from '../db/embedded.ts';
import { createTransaction } from '../payments/webpay/testing/fake-webpay.ts';
import { WEBPAY_FORM_PATH } from '../payments/webpay/rules.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { callApi, signUpUser, type TestSession } from '../test/sessions.ts';
import { buildSeedRestaurant, insertRestaurant } from '../db/seed/insert-restaurant.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Comensal</title></head><body><div id="root"></div>
    <script src="/assets/early-requests-abc.js"></script>
    <script type="module" src="/assets/index-abc.js"></script></body></html>`;

/** The directives of a CSP header, by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

let t: TestApp;
let dist: string;
let user: TestSession;
let restaurantId: string;
let origin: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'comensal-dist-'));
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ webDistDir: dist, config: { port, publicUrl: origin } });
  await t.app.listen({ port, host: '127.0.0.1' });
  user = await signUpUser(t.app);
  restaurantId = (await insertRestaurant(t.db.db, buildSeedRestaurant())).restaurant.id;
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const page = () =>
  t.app.inject({ method: 'GET', url: '/restaurants/x/menu', headers: { accept: 'text/html' } });

describe('the web app page', () => {
  it('allows scripts from its own files only: no inline script, no eval', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    const csp = directives(response);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // the sandbox card page is this app: forms go nowhere else
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it.each([
    ['the page', () => page()],
    ['an API answer', () => callApi(t.app, 'GET', '/api/me', { as: user })],
    ['an API refusal', () => callApi(t.app, 'GET', '/api/reservations')],
    ['an unknown API path', () => t.app.inject({ method: 'GET', url: '/api/nowhere' })],
    ['a public cached answer', () => t.app.inject({ method: 'GET', url: '/api/restaurants' })],
    ['a file', () => t.app.inject({ method: 'GET', url: '/files/none.svg' })],
  ])(
    '%s carries nosniff, DENY framing, the referrer and permissions policies, no HSTS on http',
    async (_what, send) => {
      const response = await send();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(directives(response).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );
});

describe('caching of API answers', () => {
  it('is no-store for anything that depends on the session, refusals and unknown paths included', async () => {
    for (const response of [
      await callApi(t.app, 'GET', '/api/me', { as: user }),
      await callApi(t.app, 'GET', '/api/reservations', { as: user }),
      await callApi(t.app, 'GET', '/api/reservations'),
      await callApi(t.app, 'GET', '/api/me/favorites/ids', { as: user }),
      await t.app.inject({ method: 'GET', url: '/api/nowhere' }),
      await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } }),
    ]) {
      expect(response.headers['cache-control']).toMatch(/no-store/);
    }
  });

  it('keeps the public answers cacheable with their ETag (restaurant list, menu)', async () => {
    for (const url of ['/api/restaurants', `/api/restaurants/${restaurantId}/menu`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, no-cache');
      expect(response.headers.etag).toBeDefined();
    }
  });
});

describe('pages with policies of their own', () => {
  it('the API docs (Swagger UI) load under their own policy: their files, inline styles, never framed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    const csp = directives(response);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(inlineHashes(response.body).scripts).toEqual([]);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });

  it('the Webpay sandbox return form runs its one inline script by hash, and nothing else', async () => {
    const { token } = await createTransaction(
      t.app.webpay,
      10_000,
      `${origin}/api/payments/webpay/return`,
      'sec',
    );
    const card = await t.app.inject({ method: 'GET', url: `${WEBPAY_FORM_PATH}?token_ws=${token}` });
    expect(card.statusCode).toBe(200);
    expect(directives(card).get('script-src')).toEqual(["'none'"]);
    expect(directives(card).get('style-src')).toEqual(inlineHashes(card.body).styles);

    const back = await t.app.inject({
      method: 'POST',
      url: WEBPAY_FORM_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token_ws=${token}&outcome=abort`,
    });
    expect(back.statusCode).toBe(200);
    const scripts = inlineHashes(back.body).scripts;
    expect(scripts).toHaveLength(1);
    const csp = directives(back);
    expect(csp.get('script-src')).toEqual(scripts);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(String(back.headers['content-security-policy'])).not.toContain('unsafe-inline');
  });
});

describe('behind https (a trusted proxy, PUBLIC_URL https)', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await buildTestApp({
      webDistDir: dist,
      config: {
        publicUrl: 'https://comensal.example',
        trustProxy: true,
        webpay: { ...t.config.webpay, env: 'production', commerceCode: '597000000001', apiKey: 'k' },
      },
    });
  });
  afterAll(() => secure?.close());

  const get = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', ...headers } });

  it('sends HSTS for a year on answers that left over https, and upgrades insecure requests; forms may also go to Webpay', async () => {
    const response = await get(secure, { 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await secure.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = directives(response);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://webpay3g.transbank.cl']);
  });

  it('never sends HSTS over plain http, nor when an untrusted client claims https', async () => {
    expect(
      (await get(secure, { 'x-forwarded-proto': 'http' })).headers['strict-transport-security'],
    ).toBeUndefined();
    expect(
      (await get(t, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'],
    ).toBeUndefined();
  });
});
