import { type ActionFunctionArgs, Form, Link, useActionData, useNavigation } from 'react-router';
import { Button } from '@/components/ui/button';
import { href } from '@/config/paths';
import { requestPasswordReset } from '@/features/auth/api/account-email';
import { authErrorMessageId } from '@/features/auth/auth-errors';
import { checkEmail } from '@/features/auth/auth-forms';
import { FormError } from '@/features/auth/components/form-error';
import { useDocumentTitle } from '@/lib/document-title';
import { type MessageId, useT } from '@/lib/i18n';
import { EmailField } from '@/features/auth/components/email-field';

type Result = { sent: true } | { sent: false; fieldError?: MessageId; formError?: MessageId };

/** Asks for a password-reset link (docs/product.md#password-reset); the answer never tells whether the address has an account. */
export async function action({ request }: ActionFunctionArgs): Promise<Result> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const fieldError = checkEmail(email);
  if (fieldError) return { sent: false, fieldError };
  const result = await requestPasswordReset(email);
  return result.ok ? { sent: true } : { sent: false, formError: authErrorMessageId(result.code) };
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('auth.forgot.title'));
  const result = useActionData<Result>();
  const isSubmitting = useNavigation().state === 'submitting';
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t('auth.forgot.title')}</h1>
      {result?.sent ? (
        <p role="status">{t('auth.forgot.sent')}</p>
      ) : (
        <>
          <p>{t('auth.forgot.intro')}</p>
          <Form method="post" noValidate className="flex flex-col gap-5">
            <FormError messageId={result?.formError} />
            <EmailField error={result?.fieldError ? t(result.fieldError) : undefined} />
            <Button type="submit" size="lg" block disabled={isSubmitting}>
              {isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
            </Button>
          </Form>
        </>
      )}
      <Link to={href('auth.login')} className="text-center text-ink-muted underline underline-offset-4">
        {t('auth.toLogin')}
      </Link>
    </div>
  );
}
