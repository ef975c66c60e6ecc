import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';
import { AUTH_MESSAGE_VALUES, DISPLAY_NAME_MAX_LENGTH, type RegisterField } from '../auth-forms';
import type { AuthFormResult } from './auth-form-result';
import { AuthFormShell, useFieldError } from './auth-form-shell';

export function RegisterForm({
  redirectTo,
  result,
}: {
  redirectTo: string | null;
  result?: AuthFormResult<RegisterField>;
}) {
  const t = useT();
  const fieldError = useFieldError();
  const errors = result?.fieldErrors ?? {};
  return (
    <AuthFormShell
      titleId="auth.register.title"
      submitId="auth.register.submit"
      submittingId="auth.register.submitting"
      redirectTo={redirectTo}
      formError={result?.formError}
      switchTo={{
        route: 'auth.login',
        promptId: 'auth.register.haveAccount',
        linkId: 'auth.register.toLogin',
      }}
    >
      <TextField
        label={t('auth.field.displayName')}
        name="displayName"
        autoComplete="name"
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        required
        error={fieldError(errors.displayName)}
      />
      <TextField
        label={t('auth.field.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={fieldError(errors.email)}
      />
      <TextField
        label={t('auth.field.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.field.password.hint', AUTH_MESSAGE_VALUES)}
        error={fieldError(errors.password)}
      />
    </AuthFormShell>
  );
}
