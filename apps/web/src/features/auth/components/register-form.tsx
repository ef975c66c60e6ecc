import { Link } from 'react-router';
import { TextField } from '@/components/ui/text-field';
import { href } from '@/config/paths';
import { type MessageId, useLocale, useT } from '@/lib/i18n';
import { AUTH_MESSAGE_VALUES, DISPLAY_NAME_MAX_LENGTH, type RegisterField } from '@/features/auth/auth-forms';
import type { AuthFormContext, AuthFormResult } from './auth-form-result';
import { AuthFormShell, useFieldError } from './auth-form-shell';
import { EmailField } from './email-field';

export function RegisterForm({
  context,
  result,
  formError,
}: {
  context: AuthFormContext;
  result?: AuthFormResult<RegisterField>;
  /** A form-wide error that did not come from the action (a failed social sign-in). */
  formError?: MessageId | undefined;
}) {
  const t = useT();
  const { locale } = useLocale();
  const fieldError = useFieldError();
  const errors = result?.fieldErrors ?? {};
  return (
    <AuthFormShell
      titleId="auth.register.title"
      submitId="auth.register.submit"
      submittingId="auth.register.submitting"
      context={context}
      formError={result?.formError ?? formError}
      switchTo={{
        route: 'auth.login',
        promptId: 'auth.register.haveAccount',
        linkId: 'auth.register.toLogin',
      }}
    >
      {/* The account keeps the language the diner is using now. */}
      <input type="hidden" name="locale" value={locale} />
      <TextField
        label={t('auth.field.displayName')}
        name="displayName"
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        required
        error={fieldError(errors.displayName)}
      />
      <EmailField error={fieldError(errors.email)} />
      <TextField
        label={t('auth.field.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.field.password.hint', AUTH_MESSAGE_VALUES)}
        error={fieldError(errors.password)}
      />
      <p className="text-sm text-ink-muted">
        {t('auth.register.privacy')}{' '}
        <Link to={href('privacy')} className="font-semibold text-brand-800 underline">
          {t('auth.register.privacyLink')}
        </Link>
      </p>
    </AuthFormShell>
  );
}
