/**
 * The `sendEmail(to, subject, templateName, params)` service (docs/product.md#e-mail). Two modes
 * (README.md#configuration):
 * - `smtpUrl` set: a pooled nodemailer SMTP transport (smtp:// or smtps:// URL);
 * - otherwise: each message is written to `<outboxDir>/<timestamp>-<messageId>.eml` and one
 *   log line tells where.
 * Failures are MailError with a stable code (see mail-error.ts); delivery failures are also
 * logged.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { z } from 'zod';
import { MailError } from './mail-error.ts';
import { renderEmail, type TemplateName, type TemplateParams } from './templates/index.ts';

export { MailError, isMailError, type MailErrorCode } from './mail-error.ts';
export {
  TEMPLATE_NAMES,
  isTemplateName,
  renderEmail,
  type Locale,
  type TemplateName,
  type TemplateParams,
} from './templates/index.ts';

export interface MailLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (SMTP_URL). Unset or empty = write .eml files to `outboxDir`. */
  smtpUrl?: string | null;
  /** Absolute folder for .eml files when there is no SMTP (DATA_DIR/outbox); created on demand. */
  outboxDir: string;
  /** The From header, e.g. `Comensal <no-reply@comensal.example>` (see `defaultFromAddress`). */
  from: string;
  /** The app's origin (PUBLIC_URL), used for links in the e-mails. */
  publicUrl: string;
  logger: MailLogger;
}

export interface Mailer {
  /** 'smtp' or 'outbox', for a start-up log line. */
  readonly mode: 'smtp' | 'outbox';
  /**
   * Renders `templateName` in `params.locale` and sends it to `to`. `subject` null (or blank)
   * uses the template's own translated subject. Resolves once the SMTP server accepted the
   * message or the .eml file is written.
   */
  sendEmail<N extends TemplateName>(
    to: string,
    subject: string | null,
    templateName: N,
    params: TemplateParams<N>,
  ): Promise<{ messageId: string }>;
  /** Waits for the messages being sent, then closes the SMTP connections. Idempotent. */
  close(): Promise<void>;
}

const MAX_ADDRESS_LENGTH = 254;
const emailSchema = z.email();

/** A bare address (`ana@example.com`, no display name), as the sign-up form accepts. */
export function isValidEmailAddress(value: string): boolean {
  return value.length <= MAX_ADDRESS_LENGTH && emailSchema.safeParse(value).success;
}

/** `Comensal <no-reply@HOST>` for the host of PUBLIC_URL, e.g. no-reply@comensal.example. */
export function defaultFromAddress(publicUrl: string): string {
  return `Comensal <no-reply@${new URL(publicUrl).hostname}>`;
}

interface Delivery {
  messageId: string;
  /** What the success log line adds (file or SMTP response). */
  logFields: object;
}

/** Timestamp safe in file names on every OS, sorting in time order. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/:/g, '-');
}

function fileSafe(messageId: string): string {
  return messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_') || 'message';
}

function describeSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`; // never the credentials
  } catch {
    return 'the SMTP server';
  }
}

export function createMailer(options: MailerOptions): Mailer {
  const { logger, outboxDir, from } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const smtpUrl = options.smtpUrl?.trim() || null;
  const mode = smtpUrl ? 'smtp' : 'outbox';

  let deliver: (message: SendMailOptions) => Promise<Delivery>;
  let closeTransport: () => void;

  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl, // parameters in the URL (?pool=…, ?ignoreTLS=true…) win over the ones below
      pool: true,
      maxConnections: 5,
      // fail within seconds, not the default minutes, when the server is unreachable or stalls
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const target = describeSmtpUrl(smtpUrl);
    deliver = async (message) => {
      const info = await transport.sendMail(message);
      return { messageId: info.messageId, logFields: { smtp: target, response: info.response } };
    };
    closeTransport = () => transport.close();
  } else {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    deliver = async (message) => {
      const info = await transport.sendMail(message);
      const data = info.message;
      if (!Buffer.isBuffer(data)) throw new Error('the stream transport did not produce a buffer');
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${fileTimestamp(new Date())}-${fileSafe(info.messageId)}.eml`);
      // write then rename, so whoever watches the folder never reads half a message
      const partial = `${file}.partial`;
      await writeFile(partial, data, { flag: 'wx' });
      await rename(partial, file);
      return { messageId: info.messageId, logFields: { file } };
    };
    closeTransport = () => transport.close();
  }

  const inFlight = new Set<Promise<unknown>>();
  let isClosed = false;

  async function send<N extends TemplateName>(
    to: string,
    subject: string | null,
    templateName: N,
    params: TemplateParams<N>,
  ): Promise<{ messageId: string }> {
    const address = typeof to === 'string' ? to.trim() : '';
    if (!isValidEmailAddress(address)) {
      throw new MailError('INVALID_EMAIL', `not a valid e-mail address: ${JSON.stringify(to)}`);
    }
    const rendered = renderEmail(templateName, params, { publicUrl, subject });
    if (isClosed) {
      throw new MailError('SEND_FAILED', `could not send "${templateName}" e-mail: the mailer is closed`);
    }

    const logFields = { to: address, subject: rendered.subject, template: templateName };
    try {
      const delivery = await deliver({
        from,
        to: address,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Comensal-Template': templateName },
      });
      logger.info(
        { ...logFields, messageId: delivery.messageId, ...delivery.logFields },
        mode === 'smtp' ? 'e-mail sent' : 'e-mail written to the outbox',
      );
      return { messageId: delivery.messageId };
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      const responseCode = (cause as { responseCode?: unknown } | null)?.responseCode;
      const error = new MailError(
        'SEND_FAILED',
        mode === 'smtp'
          ? `could not send "${templateName}" e-mail to ${address} via ${describeSmtpUrl(smtpUrl ?? '')}: ${reason}`
          : `could not write "${templateName}" e-mail to ${address} into ${outboxDir}: ${reason}`,
        { cause, details: typeof responseCode === 'number' ? { responseCode } : undefined },
      );
      logger.error({ ...logFields, err: cause }, error.message);
      throw error;
    }
  }

  return {
    mode,
    sendEmail(to, subject, templateName, params) {
      const pending = send(to, subject, templateName, params);
      inFlight.add(pending);
      const forget = () => inFlight.delete(pending);
      pending.then(forget, forget);
      return pending;
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      await Promise.allSettled([...inFlight]);
      closeTransport();
    },
  };
}
