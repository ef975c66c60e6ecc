import {
  type ActionFunctionArgs,
  Form,
  Link,
  useActionData,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { href } from '@/config/paths';
import { resetPassword } from '@/features/auth/api/account-email';
import { authErrorMessageId } from '@/features/auth/auth-errors';
import { AUTH_MESSAGE_VALUES, checkNewPassword } from '@/features/auth/auth-forms';
import { FormError } from '@/features/auth/components/form-error';
import { useDocumentTitle } from '@/lib/document-title';
import { type MessageId, useT } from '@/lib/i18n';

type Result = { done: true } | { done: false; fieldError?: MessageId; formError?: MessageId };

/** The password-reset link's page (docs/product.md#password-reset): a new password for its token. */
export async function action({ request }: ActionFunctionArgs): Promise<Result> {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const password = String(form.get('password') ?? '');
  const fieldError = checkNewPassword(password);
  if (fieldError) return { done: false, fieldError };
  if (!token) return { done: false, formError: 'auth.reset.invalidLink' };
  const result = await resetPassword(token, password);
  if (result.ok) return { done: true };
  const invalidLink = result.code === 'INVALID_TOKEN' || result.code === 'UNKNOWN';
  return { done: false, formError: invalidLink ? 'auth.reset.invalidLink' : authErrorMessageId(result.code) };
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('auth.reset.title'));
  const result = useActionData<Result>();
  const [searchParams] = useSearchParams();
  const isSubmitting = useNavigation().state === 'submitting';
  const token = searchParams.get('token') ?? '';
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t('auth.reset.title')}</h1>
      {result?.done ? (
        <p role="status">{t('auth.reset.done')}</p>
      ) : (
        <Form method="post" noValidate className="flex flex-col gap-5">
          <input type="hidden" name="token" value={token} />
          <FormError messageId={token ? result?.formError : 'auth.reset.invalidLink'} />
          <TextField
            label={t('auth.reset.field')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={t('auth.field.password.hint', AUTH_MESSAGE_VALUES)}
            error={result?.fieldError ? t(result.fieldError, AUTH_MESSAGE_VALUES) : undefined}
          />
          <Button type="submit" size="lg" block disabled={isSubmitting || !token}>
            {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
          </Button>
        </Form>
      )}
      <Link
        to={href('auth.login')}
        className="text-center font-semibold text-brand-800 underline underline-offset-4"
      >
        {t('auth.toLogin')}
      </Link>
      {result?.done ? null : (
        <Link
          to={href('auth.forgotPassword')}
          className="text-center text-ink-muted underline underline-offset-4"
        >
          {t('auth.reset.askAgain')}
        </Link>
      )}
    </div>
  );
}
