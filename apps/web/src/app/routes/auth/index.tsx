import { type ActionFunctionArgs, redirect, useActionData } from 'react-router';
import { signInAsGuest } from '@/features/auth/api/sign-in-as-guest';
import { authErrorMessageId } from '@/features/auth/auth-errors';
import { AuthOptions } from '@/features/auth/components/auth-options';
import { readGuestProfile } from '@/features/auth/guest-profile';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useAuth } from '@/app/session';
import { REDIRECT_PARAM, safeRedirectTarget } from '@/app/guard';
import { useAuthFormContext } from './form-context';

/** "Continue as guest". */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const result = await signInAsGuest();
  if (!result.ok) return { guestError: authErrorMessageId(result.code) };
  const guest = readGuestProfile();
  if (guest) notify('success', 'auth.toast.guest', { name: guest.displayName });
  return redirect(safeRedirectTarget(form.get(REDIRECT_PARAM)));
}

export function Component() {
  const t = useT();
  useDocumentTitle(t('auth.index.documentTitle'));
  const auth = useAuth();
  const result = useActionData<typeof action>();
  const { redirectTo, social } = useAuthFormContext();
  return (
    <AuthOptions
      auth={auth}
      redirectTo={redirectTo}
      continueTo={social.returnTo}
      social={social}
      guestError={result?.guestError}
    />
  );
}
