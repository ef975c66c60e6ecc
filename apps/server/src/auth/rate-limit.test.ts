import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { cookieHeader, postJson, signUpUser, TEST_PASSWORD, uniqueEmail } from '../test/sessions.ts';
import { DEVICE_COOKIE } from './auth.ts';

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

const deviceCookieOf = (setCookie: string | string[] | undefined) =>
  cookieHeader(setCookie)
    .split('; ')
    .filter((pair) => pair.startsWith(`${DEVICE_COOKIE}=`))
    .join('; ');

describe('sign-in rate limits', () => {
  it('never locks the owner out: ten failures from ten addresses, then the owner signs in from a new one', async () => {
    t.clock.set(start);
    const { email } = await signUpUser(t.app, {}, { ip: '198.51.100.1' });
    for (let n = 0; n < 10; n += 1) {
      const attempt = await signInFrom(`198.51.100.${20 + n}`, email, 'wrong password!');
      expect(attempt.statusCode, `attempt ${n}`).toBe(401);
    }
    const owner = await signInFrom('198.51.100.99', email, TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['set-cookie']).toBeDefined();
  });

  it('slows an attacker on one account from one address, without an oracle, and forgets after the window', async () => {
    t.clock.set(later(10 * WINDOW_SECONDS));
    const { email } = await signUpUser(t.app, {}, { ip: '198.51.100.2' });
    t.clock.set(later(10 * WINDOW_SECONDS + 1));
    const attacker = '203.0.113.40';
    for (let n = 0; n < 3; n += 1) {
      expect((await signInFrom(attacker, email, 'wrong password!')).statusCode).toBe(401);
    }
    const refused = await signInFrom(attacker, email, 'wrong password!');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(Number(refused.headers['retry-after'])).toBe(WINDOW_SECONDS); // the clock has not moved since the first failure
    // not even the right password gets through from there meanwhile (no oracle), and no session
    const right = await signInFrom(attacker, email, TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
    // the owner elsewhere is not affected
    expect((await signInFrom('198.51.100.3', email, TEST_PASSWORD)).statusCode).toBe(200);

    t.clock.set(later(11 * WINDOW_SECONDS + 2));
    expect((await signInFrom(attacker, email, 'wrong password!')).statusCode).toBe(401);
  });

  it('forgets the failures of an account and address once the right password gets in', async () => {
    t.clock.set(later(20 * WINDOW_SECONDS));
    const { email } = await signUpUser(t.app, {}, { ip: '198.51.100.4' });
    const ip = '198.51.100.5';
    for (let n = 0; n < 2; n += 1)
      expect((await signInFrom(ip, email, 'typo password')).statusCode).toBe(401);
    expect((await signInFrom(ip, email, TEST_PASSWORD)).statusCode).toBe(200);
    for (let n = 0; n < 3; n += 1)
      expect((await signInFrom(ip, email, 'typo password')).statusCode).toBe(401);
    expect((await signInFrom(ip, email, 'typo password')).statusCode).toBe(429);
  });

  it('lets the owner in from a known device even behind the address an attacker exhausted', async () => {
    t.clock.set(later(30 * WINDOW_SECONDS));
    const shared = '192.0.2.50'; // a restaurant's Wi-Fi
    const { email } = await signUpUser(t.app, {}, { ip: '198.51.100.6' });
    const first = await signInFrom(shared, email, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first.headers['set-cookie']);
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE.replace('.', '\\.')}=`));

    // the attacker, on the same address, has their own account and its device cookie
    const attacker = await signUpUser(t.app, {}, { ip: '198.51.100.7' });
    const attackerDevice = deviceCookieOf(
      (await signInFrom(shared, attacker.email, TEST_PASSWORD)).headers['set-cookie'],
    );
    const statuses: number[] = [];
    for (let n = 0; n < 8; n += 1) {
      const response = await postJson(
        t.app,
        '/api/auth/sign-in/email',
        { email, password: 'wrong password!' },
        { ip: shared, cookie: attackerDevice }, // another account's device cookie counts for nothing
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3).every((status) => status === 429)).toBe(true);

    const owner = await postJson(
      t.app,
      '/api/auth/sign-in/email',
      { email, password: TEST_PASSWORD },
      { ip: shared, cookie: device },
    );
    expect(owner.statusCode).toBe(200);
    // a forged device cookie is worth nothing
    const forged = await postJson(
      t.app,
      '/api/auth/sign-in/email',
      { email, password: TEST_PASSWORD },
      { ip: shared, cookie: device.replace(/=(.)/, (_m, c: string) => `=${c === 'a' ? 'b' : 'a'}`) },
    );
    expect(forged.statusCode).toBe(429);
  });

  it('counts simultaneous wrong attempts one by one: none slips past the limit', async () => {
    t.clock.set(later(40 * WINDOW_SECONDS));
    const { email } = await signUpUser(t.app, {}, { ip: '198.51.100.8' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signInFrom('203.0.113.77', email, 'wrong password!')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
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
