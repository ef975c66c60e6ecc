import type { MessageId } from '@/lib/i18n';
import { logFailure } from '@/lib/log';
import { reportAnError } from '@/lib/report-error';

/** Logged and recorded when a guest's data did not move to the account (docs/product.md#product-log-messages). */
export const GUEST_TRANSFER_ERROR = 'Transfer of data went wrong';

/** The server's code (or the social round trip's `?error=`) for a guest's data that did not move. */
export function isGuestTransferFailure(code: string): boolean {
  return code === 'GUEST_TRANSFER_FAILED' || code === 'guest_transfer_failed';
}

/** Logs and records a guest-to-account transfer that failed (the diner reads `auth.error.guestTransfer`). */
export function reportGuestTransferFailure(): void {
  logFailure(GUEST_TRANSFER_ERROR);
  reportAnError('guest_transfer_failed', GUEST_TRANSFER_ERROR);
}

/** better-auth error codes (and our own NETWORK_ERROR / RATE_LIMITED) → translated message. */
const AUTH_ERROR_MESSAGES: Readonly<Record<string, MessageId>> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth.error.invalidCredentials',
  INVALID_PASSWORD: 'auth.error.invalidCredentials',
  USER_NOT_FOUND: 'auth.error.invalidCredentials',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'auth.error.invalidCredentials',
  INVALID_EMAIL: 'auth.error.invalidEmail',
  USER_ALREADY_EXISTS: 'auth.error.emailTaken',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'auth.error.emailTaken',
  PASSWORD_TOO_SHORT: 'auth.error.passwordTooShort',
  PASSWORD_TOO_LONG: 'auth.error.passwordTooLong',
  EMAIL_NOT_VERIFIED: 'auth.error.emailNotVerified',
  RATE_LIMITED: 'auth.error.rateLimited',
  TOO_MANY_REQUESTS: 'auth.error.rateLimited',
  NETWORK_ERROR: 'auth.error.network',
  // Our server: sign-up never says whether the e-mail is taken; a guest's data that could not move.
  SIGN_UP_FAILED: 'auth.error.signUpFailed',
  DISPLAY_NAME_INVALID: 'auth.field.displayName.invalid',
  GUEST_TRANSFER_FAILED: 'auth.error.guestTransfer',
};

/** The `?error=` of a Google / Facebook round trip that failed → translated message. */
export function socialErrorMessageId(error: string): MessageId {
  return error === 'guest_transfer_failed' ? 'auth.error.guestTransfer' : 'auth.error.social';
}

export function authErrorMessageId(code: string): MessageId {
  return AUTH_ERROR_MESSAGES[code] ?? 'auth.error.unknown';
}
