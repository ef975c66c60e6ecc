import { useEffect } from 'react';
import { type ActionFunctionArgs, redirect, useActionData, useSearchParams } from 'react-router';
import { SOCIAL_ERROR_PARAM } from '@/features/auth/api/sign-in-social';
import { signIn } from '@/features/auth/api/sign-in';
import {
  authErrorMessageId,
  isGuestTransferFailure,
  reportGuestTransferFailure,
  socialErrorMessageId,
} from '@/features/auth/auth-errors';
import { type LoginField, parseLoginForm } from '@/features/auth/auth-forms';
import type { AuthFormResult } from '@/features/auth/components/auth-form-result';
import { LoginForm } from '@/features/auth/components/login-form';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { REDIRECT_PARAM, safeRedirectTarget } from '@/app/guard';
import { useAuthFormContext } from './form-context';

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
  const context = useAuthFormContext();
  const [searchParams] = useSearchParams();
  // A Google / Facebook round trip that failed comes back here with `?error=<code>`.
  const socialErrorCode = searchParams.get(SOCIAL_ERROR_PARAM);
  const socialError = socialErrorCode === null ? undefined : socialErrorMessageId(socialErrorCode);
  useEffect(() => {
    if (socialErrorCode !== null && isGuestTransferFailure(socialErrorCode)) reportGuestTransferFailure();
  }, [socialErrorCode]);
  return <LoginForm context={context} formError={socialError} {...(result && { result })} />;
}
