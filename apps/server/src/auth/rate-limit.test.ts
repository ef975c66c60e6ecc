import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { postJson, signUpUser, TEST_PASSWORD, uniqueEmail } from '../test/sessions.ts';

const WINDOW_SECONDS = 60;
const start = new Date('2026-03-02T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    now: start,
    config: { authRateLimit: { windowSeconds: WINDOW_SECONDS, perIp: 6, perAccount: 3 } },
  });
});
afterAll(() => t?.close());

const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const signInFrom = (ip: string, email: string, password: string) =>
  postJson(t.app, '/api/auth/sign-in/email', { email, password }, { ip });

describe('sign-in rate limits', () => {
  it('limits attempts per account whatever the IP, then lets the right password in after the window', async () => {
    t.clock.set(start);
    const { email } = await signUpUser(t.app, {}, { ip: '198.51.100.1' });
    t.clock.set(later(1));
    // the sign-up signed in once; two more attempts from other addresses reach the limit of 3
    for (const ip of ['198.51.100.2', '198.51.100.3']) {
      expect((await signInFrom(ip, email, 'wrong password!')).statusCode).toBe(401);
    }
    const refused = await signInFrom('198.51.100.4', email, 'wrong password!');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBe(WINDOW_SECONDS - 1);
    // not even the right password gets through meanwhile (no oracle), and no session is made
    const right = await signInFrom('198.51.100.5', email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
    // other accounts are not affected
    const other = await signUpUser(t.app, {}, { ip: '198.51.100.6' });
    expect(other.userId).toBeTruthy();

    t.clock.set(later(WINDOW_SECONDS + 1));
    const afterWindow = await signInFrom('198.51.100.5', email, TEST_PASSWORD);
    expect(afterWindow.statusCode).toBe(200);
    expect(afterWindow.headers['set-cookie']).toBeDefined();
  });

  it('limits attempts per IP across accounts, other IPs unaffected, and forgets them after the window', async () => {
    const base = later(10 * WINDOW_SECONDS);
    t.clock.set(base);
    const ip = '203.0.113.9';
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await signInFrom(ip, uniqueEmail('spray'), 'wrong password!')).statusCode).toBe(401);
    }
    const refused = await signInFrom(ip, uniqueEmail('spray'), 'wrong password!');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInFrom('203.0.113.10', uniqueEmail('other'), 'wrong password!')).statusCode).toBe(401);

    t.clock.set(new Date(base.getTime() + (WINDOW_SECONDS + 1) * 1000));
    expect((await signInFrom(ip, uniqueEmail('spray'), 'wrong password!')).statusCode).toBe(401);
  });

  it('limits sign-ups per IP too', async () => {
    t.clock.set(later(100 * WINDOW_SECONDS));
    const ip = '192.0.2.77';
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await postJson(
        t.app,
        '/api/auth/sign-up/email',
        { email: uniqueEmail(), password: TEST_PASSWORD, name: 'Bulk' },
        { ip },
      );
      expect(response.statusCode).toBe(200);
    }
    const refused = await postJson(
      t.app,
      '/api/auth/sign-up/email',
      { email: uniqueEmail(), password: TEST_PASSWORD, name: 'Bulk' },
      { ip },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
