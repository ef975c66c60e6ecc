import { type ActionFunctionArgs, redirect, useActionData } from 'react-router';
import { signUp } from '@/features/auth/api/sign-up';
import { authErrorMessageId } from '@/features/auth/auth-errors';
import { parseRegisterForm, type RegisterField } from '@/features/auth/auth-forms';
import type { AuthFormResult } from '@/features/auth/components/auth-form-result';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useDocumentTitle } from '@/lib/document-title';
import { detectLocale, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { REDIRECT_PARAM, safeRedirectTarget } from '@/app/guard';
import { useAuthFormContext } from './form-context';

export async function action({
  request,
}: ActionFunctionArgs): Promise<AuthFormResult<RegisterField> | Response> {
  const form = await request.formData();
  const parsed = parseRegisterForm(form, detectLocale());
  if (!parsed.ok) return { fieldErrors: parsed.fieldErrors };
  const result = await signUp(parsed.data);
  if (!result.ok) return { formError: authErrorMessageId(result.code) };
  notify('success', 'auth.toast.registered', { name: parsed.data.displayName });
  return redirect(safeRedirectTarget(form.get(REDIRECT_PARAM)));
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('auth.register.title'));
  const result = useActionData<AuthFormResult<RegisterField>>();
  const context = useAuthFormContext();
  return <RegisterForm context={context} {...(result && { result })} />;
}
