/**
 * The registry of e-mail templates. Each template renders in Spanish (es-ES) and English
 * (en-US), as HTML and as plain text, from typed and validated parameters.
 */
import type { z } from 'zod';
import { MailError } from '../mail-error.ts';
import { accountCreated } from './account-created.ts';
import { emailVerification } from './email-verification.ts';
import { renderHtml, renderText } from './layout.ts';
import { paymentReceipt } from './payment-receipt.ts';
import { paymentRejected } from './payment-rejected.ts';
import { passwordReset } from './password-reset.ts';
import { reservationCancelled } from './reservation-cancelled.ts';
import { reservationConfirmation } from './reservation-confirmation.ts';
import { reservationInvitation } from './reservation-invitation.ts';
import {
  LOCALES,
  type EmailTemplate,
  type Locale,
  type RenderedEmail,
  type TemplateContext,
} from './types.ts';

export { BRAND_COLOR } from './layout.ts';
export { escapeHtml } from './html.ts';
export { LOCALES, type Locale, type RenderedEmail } from './types.ts';

export const TEMPLATES = {
  account_created: accountCreated,
  reservation_invitation: reservationInvitation,
  reservation_confirmation: reservationConfirmation,
  reservation_cancelled: reservationCancelled,
  payment_receipt: paymentReceipt,
  payment_rejected: paymentRejected,
  email_verification: emailVerification,
  password_reset: passwordReset,
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

/** The parameters of template N, plus the recipient's locale. */
export type TemplateParams<N extends TemplateName> = z.input<(typeof TEMPLATES)[N]['params']> & {
  locale: Locale;
};

export function isTemplateName(name: unknown): name is TemplateName {
  return typeof name === 'string' && Object.hasOwn(TEMPLATES, name);
}

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Removes line breaks and other control characters (a subject is one line). */
function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/**
 * Renders template `name` in `params.locale`. Throws MailError UNKNOWN_TEMPLATE or
 * INVALID_PARAMS (with the problems in `details`).
 */
export function renderEmail<N extends TemplateName>(
  name: N,
  params: TemplateParams<N>,
  options: {
    publicUrl: string;
    /** Replaces the template's own subject when not blank. */ subject?: string | null;
  },
): RenderedEmail {
  if (!isTemplateName(name)) {
    throw new MailError('UNKNOWN_TEMPLATE', `unknown e-mail template "${String(name)}"`, {
      details: { known: TEMPLATE_NAMES },
    });
  }
  const locale: unknown = (params as { locale?: unknown } | null)?.locale;
  if (!isLocale(locale)) {
    throw new MailError(
      'INVALID_PARAMS',
      `e-mail template "${name}": locale must be one of ${LOCALES.join(', ')} (got ${JSON.stringify(locale)})`,
    );
  }
  const template: EmailTemplate = TEMPLATES[name];
  const parsed = template.params.safeParse(params);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new MailError(
      'INVALID_PARAMS',
      `e-mail template "${name}": ${problems.map((p) => `${p.path || 'params'}: ${p.message}`).join('; ')}`,
      { details: problems },
    );
  }

  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const context: TemplateContext = {
    locale,
    publicUrl,
    link(url, param) {
      let resolved: URL | null = null;
      try {
        resolved = new URL(url, `${publicUrl}/`);
      } catch {
        // reported below
      }
      if (!resolved || (resolved.protocol !== 'http:' && resolved.protocol !== 'https:')) {
        throw new MailError(
          'INVALID_PARAMS',
          `e-mail template "${name}": ${param} must be an http(s) URL or a path on PUBLIC_URL`,
          { details: [{ path: param, message: 'not an http(s) URL' }] },
        );
      }
      return resolved.href;
    },
  };
  const subject = oneLine(options.subject ?? '') || oneLine(template.subject[locale]);
  const content = template.content(parsed.data, context);
  return {
    subject,
    html: renderHtml(content, { locale, subject, publicUrl }),
    text: renderText(content, { locale, publicUrl }),
  };
}
