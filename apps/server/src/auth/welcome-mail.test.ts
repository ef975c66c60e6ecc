import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectErrorLog } from '../test/logs.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { mailsTo } from '../test/outbox.ts';
import { signInGuest, signUpUser, uniqueEmail } from '../test/sessions.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** The welcome e-mails to `email` (the verification link is another e-mail, auth/verification.test.ts). */
const welcomesTo = async (email: string) =>
  (await mailsTo(t.config.dataDir, email)).filter(
    (mail) => mail.headers.get('x-comensal-template') === 'account_created',
  );

async function theOneMailTo(email: string) {
  await vi.waitFor(async () => expect(await welcomesTo(email)).toHaveLength(1), {
    timeout: 5_000,
  });
  return (await welcomesTo(email))[0]!;
}

describe('the welcome e-mail (template account_created)', () => {
  it.each([
    ['es-ES', {}, 'Tu cuenta de Comensal está lista'],
    ['en-US', {}, 'Your Comensal account is ready'],
    [undefined, { 'accept-language': 'es-CL,es;q=0.9' }, 'Tu cuenta de Comensal está lista'],
    [undefined, { 'accept-language': 'fr-FR' }, 'Your Comensal account is ready'],
  ])('is sent in the sign-up language (locale %s, headers %j)', async (locale, headers, subject) => {
    const email = uniqueEmail('welcome');
    await signUpUser(t.app, { email, name: 'Ana', ...(locale ? { locale } : {}) }, { headers });
    const mail = await theOneMailTo(email);
    expect(mail.subject).toBe(subject);
    expect(mail.headers.get('x-comensal-template')).toBe('account_created');
  });

  it('is sent once: not again when the owner signs up with the same e-mail', async () => {
    const email = uniqueEmail('once');
    await signUpUser(t.app, { email, name: 'Ana', locale: 'en-US' });
    await theOneMailTo(email);
    await signUpUser(t.app, { email, name: 'Ana', locale: 'en-US' });
    expect(await welcomesTo(email)).toHaveLength(1);
  });

  it('is never sent to a guest', async () => {
    const guest = await signInGuest(t.app);
    const other = uniqueEmail('after-guest');
    await signUpUser(t.app, { email: other, name: 'Ana', locale: 'en-US' });
    await theOneMailTo(other); // mails written before it are on disk by now
    expect(await mailsTo(t.config.dataDir, guest.email)).toEqual([]);
  });
});

describe('a mail server that is down', () => {
  it('does not hold up or break the sign-up', async () => {
    const down = await buildTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      const account = await signUpUser(down.app, { name: 'Ana', locale: 'es-ES' });
      expect(account.cookie).toMatch(/session_token=/);
    } finally {
      await down.close(); // once the mailer is closed, the failed attempt has been logged
    }
    expect(expectErrorLog(/^could not send "account_created" e-mail/)).toHaveLength(1);
    expect(expectErrorLog('welcome e-mail not sent')).toHaveLength(1);
    // nor does the verification e-mail, sent at the same time
    expect(expectErrorLog(/^could not send "email_verification" e-mail/)).toHaveLength(1);
    expect(expectErrorLog('account e-mail not sent')).toHaveLength(1);
  });
});
