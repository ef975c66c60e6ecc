/**
 * Failures of the mail module, each with a stable code:
 * - INVALID_EMAIL: the recipient is not a valid e-mail address (nothing was sent);
 * - UNKNOWN_TEMPLATE: no template has that name (nothing was sent);
 * - INVALID_PARAMS: a template parameter or the locale is missing or wrong (nothing was sent);
 * - SEND_FAILED: the SMTP server or the outbox folder refused the message; `cause` holds the
 *   original error, `details` the SMTP response code when there is one.
 */
export const MAIL_ERROR_CODES = [
  'INVALID_EMAIL',
  'UNKNOWN_TEMPLATE',
  'INVALID_PARAMS',
  'SEND_FAILED',
] as const;
export type MailErrorCode = (typeof MAIL_ERROR_CODES)[number];

export class MailError extends Error {
  readonly code: MailErrorCode;
  readonly details: unknown;

  constructor(code: MailErrorCode, message: string, options: { cause?: unknown; details?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MailError';
    this.code = code;
    this.details = options.details;
  }
}

export function isMailError(error: unknown): error is MailError {
  return error instanceof MailError;
}
