import { DISPLAY_NAME_MAX } from '@comensal/contracts';
import { displayNameProblem, isSupportedLocale, type SupportedLocale } from '@comensal/domain';
import { z } from 'zod';
import type { MessageId } from '@/lib/i18n';

/** better-auth's default password length limits. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The server's limit (`displayNameSchema`). */
export const DISPLAY_NAME_MAX_LENGTH = DISPLAY_NAME_MAX;

const emailSchema = z.email();

export type FieldErrors<F extends string> = Partial<Record<F, MessageId>>;
type Parsed<T, F extends string> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors<F> };

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export function checkEmail(email: string): MessageId | null {
  if (!email) return 'auth.field.email.required';
  return emailSchema.safeParse(email).success ? null : 'auth.field.email.invalid';
}

/** A new password's length (reset page); null when fine. */
export function checkNewPassword(password: string): MessageId | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'auth.error.passwordTooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'auth.error.passwordTooLong';
  return null;
}

export type LoginField = 'email' | 'password';

export function parseLoginForm(form: FormData): Parsed<{ email: string; password: string }, LoginField> {
  const email = text(form, 'email').trim();
  const password = text(form, 'password');
  const fieldErrors: FieldErrors<LoginField> = {};
  const emailError = checkEmail(email);
  if (emailError) fieldErrors.email = emailError;
  if (!password) fieldErrors.password = 'auth.field.password.required';
  return Object.keys(fieldErrors).length > 0
    ? { ok: false, fieldErrors }
    : { ok: true, data: { email, password } };
}

export type RegisterField = 'displayName' | 'email' | 'password';

export function parseRegisterForm(
  form: FormData,
  fallbackLocale: SupportedLocale,
): Parsed<{ displayName: string; email: string; password: string; locale: SupportedLocale }, RegisterField> {
  const displayName = text(form, 'displayName').trim();
  const submittedLocale = text(form, 'locale');
  const locale = isSupportedLocale(submittedLocale) ? submittedLocale : fallbackLocale;
  const email = text(form, 'email').trim();
  const password = text(form, 'password');
  const fieldErrors: FieldErrors<RegisterField> = {};
  if (!displayName) fieldErrors.displayName = 'auth.field.displayName.required';
  else if ([...displayName].length > DISPLAY_NAME_MAX_LENGTH)
    fieldErrors.displayName = 'auth.field.displayName.tooLong';
  else if (displayNameProblem(displayName, DISPLAY_NAME_MAX_LENGTH))
    fieldErrors.displayName = 'auth.field.displayName.invalid';
  const emailError = checkEmail(email);
  if (emailError) fieldErrors.email = emailError;
  if (password.length < PASSWORD_MIN_LENGTH) fieldErrors.password = 'auth.error.passwordTooShort';
  else if (password.length > PASSWORD_MAX_LENGTH) fieldErrors.password = 'auth.error.passwordTooLong';
  return Object.keys(fieldErrors).length > 0
    ? { ok: false, fieldErrors }
    : { ok: true, data: { displayName, email, password, locale } };
}

/** Values of the placeholders in auth messages (`{min}`, `{max}`, `{maxName}`). */
export const AUTH_MESSAGE_VALUES = {
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  maxName: DISPLAY_NAME_MAX_LENGTH,
} as const;
