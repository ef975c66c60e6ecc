import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectErrorLog } from '../test/logs.ts';
import { accounts, users } from '../db/schema.ts';
import {
  countRowsOf,
  insertGuestWorld,
  snapshotRowsOf,
} from '../modules/guest-transfer/testing/guest-rows.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { mailsTo } from '../test/outbox.ts';
import { socialSignIn, startOAuthMock, type OAuthMock } from './testing/oauth-mock.ts';
import { getWith, sessionTokenOf, signInGuest, signUpUser } from '../test/sessions.ts';

let mock: OAuthMock;
let t: TestApp;

beforeAll(async () => {
  mock = await startOAuthMock();
  t = await buildTestApp({
    config: {
      google: { clientId: 'comensal-test-google', clientSecret: 'google-secret' },
      facebook: { clientId: 'comensal-test-facebook', clientSecret: 'facebook-secret' },
      oauthMockIssuer: mock.issuer,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await mock?.stop();
});

const person = (name: string) => ({
  sub: `sub-${randomUUID()}`,
  email: `${name.toLowerCase()}-${randomUUID()}@gmail.example`,
  name,
  picture: 'https://photos.example/me.png',
});

const welcomeMailsTo = (email: string) => mailsTo(t.config.dataDir, email);

describe('Google and Facebook through a local OIDC provider', () => {
  it('lists the configured providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: ['google', 'facebook'] });
  });

  it('creates the profile of a new Google user, signs them in and sends the welcome e-mail', async () => {
    const ana = person('Ana');
    mock.setProfile(ana);
    const result = await socialSignIn(t.app, 'google', { callbackURL: '/profile' });
    expect(result.callback.statusCode).toBe(302);
    expect(new URL(result.location, 'http://localhost:3000').pathname).toBe('/profile');
    expect(result.cookie).toMatch(/session_token=/);
    expect(String(result.callback.headers['set-cookie'])).toMatch(/HttpOnly/i);

    const me = await getWith(t.app, '/api/me', result.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: ana.email,
      displayName: 'Ana',
      photoURL: null, // the provider's picture is an outside address: never a profile photo
      isGuest: false,
      phoneNumber: null,
      createdAt: expect.any(String),
    });
    const [row] = await t.db.db.select().from(users).where(eq(users.email, ana.email));
    const linked = await t.db.db.select().from(accounts).where(eq(accounts.userId, row!.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([['google', ana.sub]]);

    await vi.waitFor(async () => expect(await welcomeMailsTo(ana.email)).toHaveLength(1), { timeout: 5_000 });
    const [mail] = await welcomeMailsTo(ana.email);
    expect(mail?.headers.get('x-comensal-template')).toBe('account_created');

    // the next Google sign-in of the same person is the same account, a new session, no new mail
    const again = await socialSignIn(t.app, 'google');
    expect(again.callback.statusCode).toBe(302);
    expect(sessionTokenOf(again.cookie)).not.toBe(sessionTokenOf(result.cookie));
    expect((await getWith(t.app, '/api/me', again.cookie)).json().id).toBe(row!.id);
    expect(await t.db.db.select().from(users).where(eq(users.email, ana.email))).toHaveLength(1);
  });

  it('signs in with Facebook the same way', async () => {
    const bruno = person('Bruno');
    mock.setProfile(bruno);
    const result = await socialSignIn(t.app, 'facebook');
    expect(result.callback.statusCode).toBe(302);
    expect((await getWith(t.app, '/api/me', result.cookie)).json()).toMatchObject({ email: bruno.email });
  });

  it('moves a guest onto the Google account (new user), deleting the guest', async () => {
    const guest = await signInGuest(t.app);
    const world = await insertGuestWorld(t.db.db, guest.userId, new Date());
    const carla = person('Carla');
    mock.setProfile(carla);
    const result = await socialSignIn(t.app, 'google', { cookie: guest.cookie });
    expect(result.callback.statusCode).toBe(302);
    const me = (await getWith(t.app, '/api/me', result.cookie)).json();
    expect(me).toMatchObject({ email: carla.email, isGuest: false });
    expect(Object.values(await countRowsOf(t.db.db, guest.userId)).every((n) => n === 0)).toBe(true);
    const moved = await countRowsOf(t.db.db, me.id);
    expect(moved).toMatchObject({
      'reservations.created_by': 1,
      'reservation_members.user_id': 2,
      'orders.user_id': 1,
      'orders.paid_by': 1,
      'pending_payments.payer_user_id': 1,
      'transactions.payer_user_id': 1,
      'user_points.user_id': 1,
      'client_records.user_id': 2,
    });
    expect(world.reservationA).toBeTruthy();
    expect((await getWith(t.app, '/api/auth/get-session', guest.cookie)).json()).toBeNull();
  });

  it('moves a guest onto an existing Google account signing in again', async () => {
    const dora = person('Dora');
    mock.setProfile(dora);
    const first = await socialSignIn(t.app, 'google');
    const doraId = (await getWith(t.app, '/api/me', first.cookie)).json().id;
    const guest = await signInGuest(t.app);
    await insertGuestWorld(t.db.db, guest.userId, new Date());
    const result = await socialSignIn(t.app, 'google', { cookie: guest.cookie });
    expect(result.callback.statusCode).toBe(302);
    expect((await getWith(t.app, '/api/me', result.cookie)).json().id).toBe(doraId);
    expect(Object.values(await countRowsOf(t.db.db, guest.userId)).every((n) => n === 0)).toBe(true);
    expect(await countRowsOf(t.db.db, doraId)).toMatchObject({ 'orders.user_id': 1, 'users.id': 1 });
  });

  it('does not link Google to a password account with the same (unverified) e-mail: error redirect, guest kept', async () => {
    const existing = await signUpUser(t.app, { name: 'Eva' });
    const guest = await signInGuest(t.app);
    await insertGuestWorld(t.db.db, guest.userId, new Date());
    const before = await countRowsOf(t.db.db, guest.userId);
    mock.setProfile({ ...person('Eva'), email: existing.email });
    const result = await socialSignIn(t.app, 'google', {
      cookie: guest.cookie,
      errorCallbackURL: '/auth/login',
    });
    expect(result.callback.statusCode).toBe(302);
    const location = new URL(result.location, 'http://localhost:3000');
    expect(location.pathname).toBe('/auth/login');
    expect(location.searchParams.get('error')).toBe('account_not_linked');
    expect(expectErrorLog('auth: account_not_linked')).toHaveLength(1);
    expect(result.cookie).toBe('');
    expect(await countRowsOf(t.db.db, guest.userId)).toEqual(before);
    expect(await t.db.db.select().from(accounts).where(eq(accounts.userId, existing.userId))).toHaveLength(1);
  });

  it('sends the browser back to the error page when moving the guest fails, keeping the guest as it was', async () => {
    const guest = await signInGuest(t.app);
    await insertGuestWorld(t.db.db, guest.userId, new Date());
    const before = await snapshotRowsOf(t.db.db, guest.userId);
    await t.db.db.execute(sql`
      CREATE FUNCTION test_refuse_oauth_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await t.db.db.execute(sql`
      CREATE TRIGGER test_refuse_oauth_transfer BEFORE UPDATE OF user_id ON orders
      FOR EACH ROW EXECUTE FUNCTION test_refuse_oauth_transfer()`);
    try {
      mock.setProfile(person('Fede'));
      const result = await socialSignIn(t.app, 'google', {
        cookie: guest.cookie,
        errorCallbackURL: '/auth/login',
      });
      expect(result.callback.statusCode).toBe(302);
      const location = new URL(result.location, 'http://localhost:3000');
      expect(location.pathname).toBe('/auth/login');
      expect(location.searchParams.get('error')).toBe('guest_transfer_failed');
      expect(expectErrorLog('Transfer of data went wrong')).toHaveLength(1);
      expect(result.callback.headers['set-cookie']).toBeUndefined();
      expect(await snapshotRowsOf(t.db.db, guest.userId)).toEqual(before);
      expect((await getWith(t.app, '/api/auth/get-session', guest.cookie)).json()).toMatchObject({
        user: { id: guest.userId },
      });
    } finally {
      await t.db.db.execute(sql`DROP TRIGGER test_refuse_oauth_transfer ON orders`);
      await t.db.db.execute(sql`DROP FUNCTION test_refuse_oauth_transfer()`);
    }
  });
});
