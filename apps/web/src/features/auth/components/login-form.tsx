import { Link } from 'react-router';
import { TextField } from '@/components/ui/text-field';
import { href } from '@/config/paths';
import { type MessageId, useT } from '@/lib/i18n';
import type { LoginField } from '@/features/auth/auth-forms';
import type { AuthFormContext, AuthFormResult } from './auth-form-result';
import { AuthFormShell, useFieldError } from './auth-form-shell';
import { EmailField } from './email-field';

export function LoginForm({
  context,
  result,
  formError,
}: {
  context: AuthFormContext;
  result?: AuthFormResult<LoginField>;
  /** A form-wide error that did not come from the action (a failed social sign-in). */
  formError?: MessageId | undefined;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const errors = result?.fieldErrors ?? {};
  return (
    <AuthFormShell
      titleId="auth.login.title"
      submitId="auth.login.submit"
      submittingId="auth.login.submitting"
      context={context}
      formError={result?.formError ?? formError}
      switchTo={{ route: 'auth.register', promptId: 'auth.login.noAccount', linkId: 'auth.login.toRegister' }}
    >
      <EmailField error={fieldError(errors.email)} />
      <TextField
        label={t('auth.field.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={fieldError(errors.password)}
      />
      <Link
        to={href('auth.forgotPassword')}
        className="self-end text-sm text-ink-muted underline underline-offset-4"
      >
        {t('auth.login.forgot')}
      </Link>
    </AuthFormShell>
  );
}
