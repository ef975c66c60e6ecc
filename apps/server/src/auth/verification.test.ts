/**
 * E-mail verification and password reset by a link mailed through the app's mailer to a real SMTP
 * server on loopback (docs/product.md#e-mail-verification), and what a verified address is for:
 * an invitation sent to an address is answered only by its verified owner — whoever registers
 * that address first without verifying it neither sees nor answers it.
 */
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from '../config.ts';
import { users } from '../db/schema.ts';
import { buildTestApp, TEST_ABUSE_LIMITS, type TestApp } from '../test/app.ts';
import { startSmtpServer } from '../test/smtp.ts';
import {
  callApi,
  postJson,
  signInUser,
  signUpUser,
  TEST_PASSWORD,
  uniqueEmail,
  type TestSession,
} from '../test/sessions.ts';
import { insertTestRestaurant, NOW, reservationInput, reserve } from '../modules/reservations/testing.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    now: NOW,
    config: {
      smtpUrl: smtp.url,
      // three account e-mails to one address at once, as in production
      abuseLimits: {
        ...TEST_ABUSE_LIMITS,
        accountMailsPerAddress: DEFAULT_ABUSE_LIMITS.accountMailsPerAddress,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The e-mails of `template` received for `to`, parsed, oldest first. */
async function mailsOf(to: string, template: string): Promise<ParsedMail[]> {
  const parsed = await Promise.all(
    smtp.messages.filter((m) => m.rcptTo.includes(to)).map((m) => simpleParser(m.raw)),
  );
  return parsed.filter((mail) => mail.headers.get('x-comensal-template') === template);
}

/** Waits for the `count`-th e-mail of `template` to `to` and answers its link. */
async function linkOf(to: string, template: string, count = 1): Promise<URL> {
  let mails: ParsedMail[] = [];
  await vi.waitFor(
    async () => {
      mails = await mailsOf(to, template);
      expect(mails.length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 5_000 },
  );
  const match = /(http:\/\/localhost:3000\/auth\/[a-z-]+\?token=[^\s)]+)/.exec(mails[count - 1]!.text ?? '');
  expect(match).not.toBeNull();
  return new URL(match![1]!);
}

/** What the web page does with the link's token. */
const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

const isVerified = async (userId: string) =>
  (await t.db.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, userId)))[0]!.v;

describe('e-mail verification', () => {
  it('mails a link after sign-up, in the diner’s language; the page’s call verifies the address', async () => {
    const email = uniqueEmail('verify');
    const ana = await signUpUser(t.app, { email, name: 'Ana', locale: 'es-ES' });
    expect(await isVerified(ana.userId)).toBe(false);
    const link = await linkOf(email, 'email_verification');
    const [mail] = await mailsOf(email, 'email_verification');
    expect(mail!.subject).toBe('Confirma tu correo en Comensal');
    expect(link.pathname).toBe('/auth/verify-email');

    const answer = await verify(link.searchParams.get('token')!);
    expect(answer.statusCode).toBe(200);
    expect(await isVerified(ana.userId)).toBe(true);
    // the session says so too (the banner goes away)
    const session = await callApi(t.app, 'GET', '/api/auth/get-session', { as: ana });
    expect(session.json()).toMatchObject({ user: { emailVerified: true } });
  });

  it('refuses a made-up or altered token, verifying nothing', async () => {
    const email = uniqueEmail('forged');
    const bea = await signUpUser(t.app, { email, locale: 'en-US' });
    const link = await linkOf(email, 'email_verification');
    expect((await verify('not-a-token')).statusCode).toBe(401);
    expect((await verify(`${link.searchParams.get('token')!}x`)).statusCode).toBe(401);
    expect(await isVerified(bea.userId)).toBe(false);
  });

  it('resends the link on request (English), a few times per address, then 429', async () => {
    const email = uniqueEmail('resend');
    const cara = await signUpUser(t.app, { email, locale: 'en-US' });
    await linkOf(email, 'email_verification');
    const resend = () =>
      postJson(t.app, '/api/auth/send-verification-email', { email }, { cookie: cara.cookie });
    const { capacity } = DEFAULT_ABUSE_LIMITS.accountMailsPerAddress;
    for (let i = 0; i < capacity; i += 1) expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const link = await linkOf(email, 'email_verification', capacity + 1);
    const [, second] = await mailsOf(email, 'email_verification');
    expect(second!.subject).toBe('Confirm your e-mail on Comensal');
    expect((await verify(link.searchParams.get('token')!)).statusCode).toBe(200);
    expect(await isVerified(cara.userId)).toBe(true);
  });

  it('verifies once when the link is opened many times at once', async () => {
    const email = uniqueEmail('many');
    const dan = await signUpUser(t.app, { email, locale: 'en-US' });
    const token = (await linkOf(email, 'email_verification')).searchParams.get('token')!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(token)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    expect(await isVerified(dan.userId)).toBe(true);
  });
});

describe('an invitation belongs to the verified owner of the address', () => {
  let host: TestSession;
  let reservationId: string;
  const invited = uniqueEmail('invited');

  beforeAll(async () => {
    const restaurant = await insertTestRestaurant(t.db);
    host = await signUpUser(t.app, { name: 'Ana Anfitriona', locale: 'es-ES' });
    reservationId = (await reserve(t.app, host, reservationInput(restaurant, { table: undefined }))).id;
  });

  it('is neither listed to nor answered by someone who registered the address unverified', async () => {
    // the stranger registers the invited address first, and never gets its mail
    const stranger = await signUpUser(t.app, { email: invited, name: 'Impostor' });
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservationId}/invitations`, {
      as: host,
      body: { email: invited },
    });
    expect(response.statusCode).toBe(201);
    const invitationId = response.json<{ id: string }>().id;

    const list = await callApi(t.app, 'GET', '/api/invitations?scope=current', { as: stranger });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(invitationId);
    const reservation = await callApi(t.app, 'GET', `/api/reservations/${reservationId}`, { as: stranger });
    expect(reservation.statusCode).toBe(403);
    const accept = await callApi(t.app, 'POST', `/api/invitations/${invitationId}/accept`, { as: stranger });
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });

    // the real owner reads the mail: the verification link, then the invitation
    const link = await linkOf(invited, 'email_verification');
    expect((await verify(link.searchParams.get('token')!)).statusCode).toBe(200);
    const owner = await signInUser(t.app, { email: invited });
    const accepted = await callApi(t.app, 'POST', `/api/invitations/${invitationId}/accept`, { as: owner });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const request = (email: string) =>
    postJson(t.app, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
  const reset = (token: string, newPassword: string) =>
    postJson(t.app, '/api/auth/reset-password', { token, newPassword });

  it('mails a link; the new password signs in, the old one and the open sessions no longer do', async () => {
    const email = uniqueEmail('reset');
    const eva = await signUpUser(t.app, { email, locale: 'es-ES' });
    expect((await request(email)).statusCode).toBe(200);
    const link = await linkOf(email, 'password_reset');
    expect(link.pathname).toBe('/auth/reset-password');
    const [mail] = await mailsOf(email, 'password_reset');
    expect(mail!.subject).toBe('Cambia tu contraseña de Comensal');

    const token = link.searchParams.get('token')!;
    expect((await reset(token, 'short')).statusCode).toBe(400);
    expect((await reset(token, 'a brand new password')).statusCode).toBe(200);
    // once only
    expect((await reset(token, 'yet another password')).statusCode).toBe(400);

    const old = await postJson(t.app, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(401);
    await signInUser(t.app, { email, password: 'a brand new password' });
    const session = await callApi(t.app, 'GET', '/api/auth/get-session', { as: eva });
    expect(session.json()).toBeNull();
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const answer = await request(email);
    expect(answer.statusCode).toBe(200);
    const known = await request((await signUpUser(t.app, { locale: 'en-US' })).email);
    expect(answer.json()).toEqual(known.json());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((m) => m.rcptTo.includes(email))).toEqual([]);
  });
});
