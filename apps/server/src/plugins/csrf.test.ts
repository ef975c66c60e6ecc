import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, signUpUser, type TestSession } from '../test/sessions.ts';
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
