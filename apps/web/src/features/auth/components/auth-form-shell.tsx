import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '@/components/ui/button';
import { href } from '@/config/paths';
import { type MessageId, useT } from '@/lib/i18n';
import { AUTH_MESSAGE_VALUES } from '@/features/auth/auth-forms';
import type { AuthFormContext } from './auth-form-result';
import { FormError } from './form-error';
import { GuestMoveNotice } from './guest-move-notice';
import { SocialSignIn } from './social-sign-in';

interface AuthFormShellProps {
  titleId: MessageId;
  submitId: MessageId;
  submittingId: MessageId;
  context: AuthFormContext;
  formError: MessageId | undefined;
  /** The other form ("No account? Create one" / "Already have an account? Sign in"). */
  switchTo: { route: 'auth.login' | 'auth.register'; promptId: MessageId; linkId: MessageId };
  children: ReactNode;
}

/** Title, form (posting to the route action, keeping `redirect`), submit, and the links below. */
export function AuthFormShell({
  titleId,
  submitId,
  submittingId,
  context,
  formError,
  switchTo,
  children,
}: AuthFormShellProps) {
  const t = useT();
  const isSubmitting = useNavigation().state === 'submitting';
  const { redirectTo, social, guestName } = context;
  const query = { redirect: redirectTo };
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{t(titleId)}</h1>
      {guestName ? <GuestMoveNotice guestName={guestName} /> : null}
      <Form method="post" noValidate className="flex flex-col gap-5">
        {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
        <FormError messageId={formError} />
        {children}
        <Button type="submit" size="lg" block disabled={isSubmitting}>
          {isSubmitting ? t(submittingId) : t(submitId)}
        </Button>
      </Form>
      <SocialSignIn returnTo={social.returnTo} errorPath={social.errorPath} />
      <p className="text-center">
        {t(switchTo.promptId)}{' '}
        <Link
          to={href(switchTo.route, null, query)}
          className="font-semibold text-brand-800 underline underline-offset-4"
        >
          {t(switchTo.linkId)}
        </Link>
      </p>
      <p className="text-center">
        <Link to={href('auth', null, query)} className="text-ink-muted underline underline-offset-4">
          {t('auth.back')}
        </Link>
      </p>
    </div>
  );
}

/** The translated text of a field error, or undefined. */
export function useFieldError(): (messageId: MessageId | undefined) => string | undefined {
  const t = useT();
  return (messageId) => (messageId ? t(messageId, AUTH_MESSAGE_VALUES) : undefined);
}
