import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

/** `name=value` pairs of the Set-Cookie headers, to send back as a Cookie header. */
function cookieHeader(setCookie: string | string[] | undefined): string {
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('better-auth at /api/auth', () => {
  it('signs up with e-mail and password, then the session cookie gets the session', async () => {
    const email = `ana-${randomUUID()}@example.com`;
    const signUp = await post(
      '/api/auth/sign-up/email',
      { email, password: 'correct horse battery', name: 'Ana', locale: 'es-ES' },
      { 'x-forwarded-for': '203.0.113.66' }, // ignored: TRUST_PROXY is off
    );
    expect(signUp.statusCode).toBe(200);
    const setCookie = signUp.headers['set-cookie'];
    expect(String(setCookie)).toMatch(/HttpOnly/i);
    expect(String(setCookie)).toMatch(/SameSite=Lax/i);
    expect(String(setCookie)).not.toMatch(/Secure/i); // PUBLIC_URL is http here

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(setCookie) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      user: {
        email,
        name: 'Ana',
        locale: 'es-ES',
        isAnonymous: false,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
      session: { userId: expect.any(String), ipAddress: '127.0.0.1' },
    });

    const signOut = await post('/api/auth/sign-out', {}, { cookie: cookieHeader(setCookie) });
    expect(signOut.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(setCookie) },
    });
    expect(after.json()).toBeNull();

    const signIn = await post('/api/auth/sign-in/email', { email, password: 'correct horse battery' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.email).toBe(email);
    const wrong = await post('/api/auth/sign-in/email', { email, password: 'wrong password!' });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a duplicate e-mail', async () => {
    const email = `dup-${randomUUID()}@example.com`;
    expect(
      (await post('/api/auth/sign-up/email', { email, password: 'password-1234', name: 'A' })).statusCode,
    ).toBe(200);
    const again = await post('/api/auth/sign-up/email', { email, password: 'password-1234', name: 'B' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
  });

  it('signs a guest in anonymously', async () => {
    const res = await post('/api/auth/sign-in/anonymous', {});
    expect(res.statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(res.headers['set-cookie']) },
    });
    expect(session.json().user).toMatchObject({ isAnonymous: true });
  });

  it('answers no session without a cookie, and refuses a cookie-carrying request from a foreign origin', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const guest = await post('/api/auth/sign-in/anonymous', {});
    const cookie = cookieHeader(guest.headers['set-cookie']);
    const forged = await post('/api/auth/sign-out', {}, { cookie, origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(still.json()).not.toBeNull();
  });
});
