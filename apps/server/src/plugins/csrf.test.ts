import { request as httpRequest } from 'node:http';
import { sessions } from '../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, postJson, signUpUser, type TestSession } from '../test/sessions.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
let user: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  user = await signUpUser(t.app, { name: 'Before' });
});
afterAll(() => t?.close());

const rename = (name: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { 'content-type': 'application/json', cookie: user.cookie, ...headers },
    payload: JSON.stringify({ displayName: name }),
  });

const currentName = async () => (await getWith(t.app, '/api/me', user.cookie)).json().displayName;

describe('CSRF: cookie-authenticated writes on /api must come from the app', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer', { referer: 'https://evil.example/page' }],
    ['a look-alike Origin', { origin: 'http://localhost:3000.evil.example' }],
    ['the null Origin', { origin: 'null' }],
    ['neither Origin nor Referer', {}],
  ])('refuses %s with 403 and runs nothing', async (_what, headers) => {
    const response = await rename('Hacked', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(await currentName()).toBe('Before');
  });

  it.each([
    ['Origin http://localhost:3000', { origin: 'http://localhost:3000' }],
    ['Origin http://127.0.0.1:3000', { origin: 'http://127.0.0.1:3000' }],
    ['a Referer on the app', { referer: 'http://localhost:3000/profile' }],
  ])('lets %s through', async (_what, headers) => {
    const response = await rename('After', headers);
    expect(response.statusCode).toBe(200);
    expect(await currentName()).toBe('After');
    await rename('Before', { origin: 'http://localhost:3000' });
  });

  it('lets a cross-site form post reach a route made for it (Webpay’s return), which ignores the session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webpay/return',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: user.cookie,
        origin: 'https://webpay3gint.transbank.cl',
      },
      payload: `token_ws=${'a'.repeat(64)}`,
    });
    // the route ran (an unknown payment), it was not stopped as a cross-site write
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    // any other route stays closed to that origin
    expect((await rename('Hacked', { origin: 'https://webpay3gint.transbank.cl' })).statusCode).toBe(403);
  });

  it('leaves reads and cookie-less calls alone', async () => {
    expect((await getWith(t.app, '/api/me', user.cookie)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify({ displayName: 'X' }),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** A request over a real socket with the request line exactly as given (inject normalizes it). */
function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('CSRF: the check follows the route Fastify chose, not the spelling of the path', () => {
  it('refuses a foreign write sent with an absolute-form request line or a percent-encoded path', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const headers = {
      'content-type': 'application/json',
      cookie: user.cookie,
      origin: 'https://evil.example',
    };
    for (const target of [`http://localhost:${port}/api/me`, 'http://localhost:3000/api/me', '/%61pi/me']) {
      const response = await rawRequest(
        port,
        'PATCH',
        target,
        headers,
        JSON.stringify({ displayName: 'Hacked' }),
      );
      expect(response.status, target).toBe(403);
      expect(JSON.parse(response.body).error.code).toBe('FORBIDDEN');
    }
    expect(await currentName()).toBe('Before');
  });
});

describe('CSRF: sign-in, sign-up and sign-out from another site are refused, cookie or not', () => {
  const countSessions = async () => (await t.db.db.select({ id: sessions.id }).from(sessions)).length;

  it.each([
    ['a foreign Origin', 'https://evil.example'],
    ['no Origin nor Referer', null],
  ])('POST /api/auth/sign-in/anonymous with %s is 403 and creates no session', async (_what, origin) => {
    const before = await countSessions();
    const response = await postJson(t.app, '/api/auth/sign-in/anonymous', {}, { origin });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countSessions()).toBe(before);
  });

  it('refuses a foreign e-mail sign-in (login CSRF) and lets the app’s own through', async () => {
    const credentials = { email: user.email, password: 'correct horse battery' };
    const foreign = await postJson(t.app, '/api/auth/sign-in/email', credentials, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    const own = await postJson(t.app, '/api/auth/sign-in/email', credentials);
    expect(own.statusCode).toBe(200);
    const guest = await postJson(t.app, '/api/auth/sign-in/anonymous', {});
    expect(guest.statusCode).toBe(200);
  });
});
