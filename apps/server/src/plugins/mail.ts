/**
 * The one mailer of the app (`app.mailer.sendEmail(to, subject, templateName, params)`, see
 * src/mail/send-email.ts): SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox.
 * Closed with the app, after the messages under way are sent.
 */
import path from 'node:path';
import { createMailer, defaultFromAddress, type Mailer } from '../mail/send-email.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function outboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export const mailPlugin = globalPlugin<{ mailer?: Mailer }>('mail', async (app, options) => {
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: app.config.smtpUrl,
      outboxDir: outboxDirOf(app.config.dataDir),
      from: defaultFromAddress(app.config.publicUrl),
      publicUrl: app.config.publicUrl,
      logger: app.log,
    });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    await mailer.close();
  });
});
