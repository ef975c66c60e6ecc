import { type ActionFunctionArgs, redirect, useActionData, useSearchParams } from 'react-router';
import { signIn } from '../../../features/auth/api/sign-in';
import { authErrorMessageId } from '../../../features/auth/auth-errors';
import { type LoginField, parseLoginForm } from '../../../features/auth/auth-forms';
import type { AuthFormResult } from '../../../features/auth/components/auth-form-result';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/toast';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../guard';

export async function action({
  request,
}: ActionFunctionArgs): Promise<AuthFormResult<LoginField> | Response> {
  const form = await request.formData();
  const parsed = parseLoginForm(form);
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors };
  const result = await signIn(parsed.data);
  if (!result.ok) return { formError: authErrorMessageId(result.code) };
  notify('success', 'auth.toast.signedIn');
  return redirect(safeRedirectTarget(form.get(REDIRECT_PARAM)));
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('auth.login.title'));
  const result = useActionData<AuthFormResult<LoginField>>();
  const [searchParams] = useSearchParams();
  return <LoginForm redirectTo={searchParams.get(REDIRECT_PARAM)} {...(result && { result })} />;
}
