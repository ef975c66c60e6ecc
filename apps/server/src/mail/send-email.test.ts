import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtp.ts';
import { createMailer, isMailError, type MailLogger, type Mailer, type TemplateName } from './send-email.ts';

const PUBLIC_URL = 'http://comensal.test:3000';
const FROM = 'Comensal <no-reply@comensal.test>';

interface LogLine {
  level: 'info' | 'error';
  obj: Record<string, unknown>;
  msg: string | undefined;
}

function recordingLogger(): MailLogger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj, msg) => void lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => void lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');

describe('sendEmail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailer: Mailer;
  let logger: ReturnType<typeof recordingLogger>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
    logger = recordingLogger();
    mailer = createMailer({
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
      from: FROM,
      publicUrl: PUBLIC_URL,
      logger,
    });
  });
  afterEach(() => mailer.close());
  afterAll(() => smtp.close());

  it('delivers the Spanish welcome e-mail, HTML and text, with the display name escaped', async () => {
    const displayName = '<script>alert("x")</script> Ana & Co';
    const result = await mailer.sendEmail('ana@example.com', null, 'account_created', {
      locale: 'es-ES',
      displayName,
    });

    expect(mailer.mode).toBe('smtp');
    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received!.rcptTo).toEqual(['ana@example.com']);
    expect(received!.mailFrom).toBe('no-reply@comensal.test');

    const mail = await simpleParser(received!.raw);
    expect(mail.messageId).toBe(result.messageId);
    expect(addresses(mail.to)).toEqual(['ana@example.com']);
    expect(mail.subject).toBe('Tu cuenta de Comensal está lista');
    expect(mail.headers.get('x-comensal-template')).toBe('account_created');

    const html = htmlOf(mail);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Tu cuenta de Comensal está lista.');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ana &amp; Co');
    expect(html).not.toContain('<script>');
    expect(html).toContain('#b4411d');
    expect(html).toContain(`href="${PUBLIC_URL}/"`);
    expect(html).toContain('Abrir Comensal');

    expect(mail.text).toContain(`¡Hola, ${displayName}!`); // plain text is not HTML-escaped
    expect(mail.text).toContain(`Abrir Comensal: ${PUBLIC_URL}/`);
    expect(mail.text).not.toContain('Welcome');

    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        obj: expect.objectContaining({ to: 'ana@example.com', template: 'account_created' }),
      }),
    ]);
  });

  it('delivers the English version for en-US', async () => {
    await mailer.sendEmail('bob@example.com', null, 'account_created', {
      locale: 'en-US',
      displayName: 'Bob',
    });

    const mail = await simpleParser(smtp.messages[0]!.raw);
    expect(addresses(mail.to)).toEqual(['bob@example.com']);
    expect(mail.subject).toBe('Your Comensal account is ready');
    expect(htmlOf(mail)).toContain('<html lang="en">');
    expect(htmlOf(mail)).toContain('Your Comensal account is ready.');
    expect(mail.text).toContain('Hi, Bob!');
    expect(mail.text).toContain(`Open Comensal: ${PUBLIC_URL}/`);
    expect(mail.text).not.toContain('Bienvenido');
  });

  it('sends a reservation invitation with its details and link; an explicit subject wins', async () => {
    await mailer.sendEmail('carla@example.com', 'Cena del viernes', 'reservation_invitation', {
      locale: 'es-ES',
      inviterName: 'Ana',
      restaurantName: 'Casa <Lola>',
      dateTime: 'viernes 12 de diciembre, 21:00',
      invitationUrl: '/invitations/inv-1?x=1&y=2',
    });

    const mail = await simpleParser(smtp.messages[0]!.raw);
    expect(mail.subject).toBe('Cena del viernes');
    const html = htmlOf(mail);
    expect(html).toContain('Casa &lt;Lola&gt;');
    expect(html).toContain(`href="${PUBLIC_URL}/invitations/inv-1?x=1&amp;y=2"`);
    expect(html).toContain('viernes 12 de diciembre, 21:00');
    expect(mail.text).toContain('Ana te ha invitado a su reserva en Casa <Lola>.');
    expect(mail.text).toContain(`Ver invitación: ${PUBLIC_URL}/invitations/inv-1?x=1&y=2`);
  });

  it('surfaces a refused recipient as SEND_FAILED with the server reply, and logs it', async () => {
    const refusing = await startSmtpServer({ rejectRecipients: true });
    const refusingLogger = recordingLogger();
    const refusingMailer = createMailer({
      smtpUrl: refusing.url,
      outboxDir: '/nonexistent',
      from: FROM,
      publicUrl: PUBLIC_URL,
      logger: refusingLogger,
    });
    try {
      const attempt = refusingMailer.sendEmail('dan@example.com', null, 'reservation_cancelled', {
        locale: 'en-US',
        restaurantName: 'Casa Lola',
        dateTime: 'Friday, December 12, 9:00 PM',
        reservationUrl: `${PUBLIC_URL}/reservations/r-1`,
      });
      await expect(attempt).rejects.toMatchObject({
        name: 'MailError',
        code: 'SEND_FAILED',
        details: { responseCode: 550 },
      });
      await expect(attempt).rejects.toThrow(
        /could not send "reservation_cancelled" e-mail to dan@example\.com via smtp:\/\/127\.0\.0\.1:\d+: .*Mailbox unavailable/,
      );
      const error: unknown = await attempt.catch((e: unknown) => e);
      expect(isMailError(error) && error.cause).toBeInstanceOf(Error); // the original error is kept
      expect(refusing.messages).toHaveLength(0);
      expect(refusingLogger.lines).toEqual([
        expect.objectContaining({
          level: 'error',
          obj: expect.objectContaining({ to: 'dan@example.com', template: 'reservation_cancelled' }),
        }),
      ]);
    } finally {
      await refusingMailer.close();
      await refusing.close();
    }
  });

  it('refuses an invalid address before connecting to the server', async () => {
    const connectionsBefore = smtp.connectionCount();
    for (const to of ['not-an-address', 'ana@', 'Ana <ana@example.com>', 'a@b.com, c@d.com', '']) {
      await expect(
        mailer.sendEmail(to, null, 'account_created', { locale: 'es-ES', displayName: 'Ana' }),
      ).rejects.toMatchObject({ code: 'INVALID_EMAIL' });
    }
    expect(smtp.messages).toHaveLength(0);
    expect(smtp.connectionCount()).toBe(connectionsBefore);
    expect(logger.lines).toHaveLength(0);
  });

  it('refuses an unknown template, a missing parameter and a non-http link without sending', async () => {
    const unknown = 'newsletter' as TemplateName;
    await expect(
      mailer.sendEmail('ana@example.com', null, unknown, { locale: 'es-ES', displayName: 'Ana' }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_TEMPLATE',
      message: 'unknown e-mail template "newsletter"',
    });
    await expect(
      // @ts-expect-error: an unknown template name does not compile
      mailer.sendEmail('ana@example.com', null, 'toString', { locale: 'es-ES' }),
    ).rejects.toMatchObject({ code: 'UNKNOWN_TEMPLATE' });
    await expect(
      // @ts-expect-error: invitationUrl is required
      mailer.sendEmail('ana@example.com', null, 'reservation_invitation', {
        locale: 'es-ES',
        inviterName: 'Ana',
        restaurantName: 'Casa Lola',
        dateTime: 'hoy',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringContaining('invitationUrl') });
    await expect(
      mailer.sendEmail('ana@example.com', null, 'reservation_confirmation', {
        locale: 'es-ES',
        restaurantName: 'Casa Lola',
        dateTime: 'hoy',
        reservationUrl: 'javascript:alert(1)',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringContaining('reservationUrl') });
    await expect(
      // @ts-expect-error: only es-ES and en-US
      mailer.sendEmail('ana@example.com', null, 'account_created', { locale: 'fr-FR', displayName: 'Ana' }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMS', message: expect.stringContaining('locale') });
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('sendEmail without SMTP (outbox)', () => {
  let dir: string;
  let outboxDir: string;
  let logger: ReturnType<typeof recordingLogger>;
  let mailer: Mailer;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-mail-'));
    outboxDir = path.join(dir, 'data', 'outbox'); // does not exist yet
    logger = recordingLogger();
    mailer = createMailer({ outboxDir, from: FROM, publicUrl: `${PUBLIC_URL}/`, logger });
  });
  afterEach(async () => {
    await mailer.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a parseable .eml named <timestamp>-<messageId>.eml and logs one line', async () => {
    const { messageId } = await mailer.sendEmail('ana@example.com', null, 'reservation_confirmation', {
      locale: 'en-US',
      restaurantName: 'Casa Lola',
      dateTime: 'Friday, December 12, 9:00 PM',
      reservationUrl: '/reservations/r-1',
    });

    expect(mailer.mode).toBe('outbox');
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-.+\.eml$/);
    expect(file).toContain(messageId.replace(/^<|>$/g, ''));

    const mail = await simpleParser(await readFile(path.join(outboxDir, file!)));
    expect(mail.messageId).toBe(messageId);
    expect(addresses(mail.to)).toEqual(['ana@example.com']);
    expect(mail.from?.value).toEqual([{ name: 'Comensal', address: 'no-reply@comensal.test' }]);
    expect(mail.subject).toBe('Your reservation is confirmed');
    expect(htmlOf(mail)).toContain(`href="${PUBLIC_URL}/reservations/r-1"`);
    expect(mail.text).toContain('Casa Lola is expecting you.');
    expect(mail.text).toContain('Date and time: Friday, December 12, 9:00 PM');

    expect(logger.lines).toEqual([
      {
        level: 'info',
        msg: 'e-mail written to the outbox',
        obj: {
          to: 'ana@example.com',
          subject: 'Your reservation is confirmed',
          template: 'reservation_confirmation',
          messageId,
          file: path.join(outboxDir, file!),
        },
      },
    ]);
  });

  it('writes nothing for an invalid address or an unknown template', async () => {
    await expect(
      mailer.sendEmail('nobody', null, 'account_created', { locale: 'es-ES', displayName: 'Ana' }),
    ).rejects.toMatchObject({ code: 'INVALID_EMAIL' });
    await expect(
      mailer.sendEmail('ana@example.com', null, 'nope' as TemplateName, {
        locale: 'es-ES',
        displayName: 'Ana',
      }),
    ).rejects.toMatchObject({ code: 'UNKNOWN_TEMPLATE' });
    await expect(readdir(outboxDir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(logger.lines).toHaveLength(0);
  });

  it('reports an unwritable outbox as SEND_FAILED and logs it', async () => {
    const notAFolder = path.join(dir, 'a-file');
    await writeFile(notAFolder, '');
    const blocked = createMailer({
      outboxDir: path.join(notAFolder, 'outbox'),
      from: FROM,
      publicUrl: PUBLIC_URL,
      logger,
    });
    await expect(
      blocked.sendEmail('ana@example.com', null, 'account_created', { locale: 'es-ES', displayName: 'Ana' }),
    ).rejects.toMatchObject({ code: 'SEND_FAILED', message: expect.stringContaining('could not write') });
    expect(logger.lines.map((l) => l.level)).toEqual(['error']);
    await blocked.close();
  });

  it('refuses to send after close', async () => {
    await mailer.close();
    await expect(
      mailer.sendEmail('ana@example.com', null, 'account_created', { locale: 'es-ES', displayName: 'Ana' }),
    ).rejects.toMatchObject({ code: 'SEND_FAILED', message: expect.stringContaining('closed') });
  });
});
