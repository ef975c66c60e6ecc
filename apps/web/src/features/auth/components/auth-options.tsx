import { Form, Link, useNavigation } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { BrandMark } from '@/components/ui/brand';
import { href } from '@/config/paths';
import { type MessageId, useT } from '@/lib/i18n';
import { type AuthState, displayNameOf } from '@/features/auth/api/get-auth-state';
import { FormError } from './form-error';
import { SignOutLink } from '@/components/layouts/sign-out-link';
import { SocialSignIn } from './social-sign-in';

interface AuthOptionsProps {
  auth: AuthState;
  redirectTo: string | null;
  continueTo: string;
  /** Where Google / Facebook sign-in lands, and where a failed one comes back to. */
  social: { returnTo: string; errorPath: string };
  guestError?: MessageId | undefined;
}

/**
 * The auth index: sign in, create an account, or go on as a guest
 * (docs/product.md#screens-and-routes).
 */
export function AuthOptions({ auth, redirectTo, continueTo, social, guestError }: AuthOptionsProps) {
  const t = useT();
  const isSubmitting = useNavigation().state === 'submitting';
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <BrandMark size={72} />
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t('auth.index.title')}</h1>
        <p className="text-lg text-ink-muted">{t('auth.index.subtitle')}</p>
      </div>

      {auth ? (
        <div className="flex w-full flex-col gap-3 rounded-2xl bg-brand-50 p-4">
          <p className="text-lg">
            {auth.kind === 'guest'
              ? t('auth.index.signedInAsGuest', { name: displayNameOf(auth) })
              : t('auth.index.signedInAs', { name: displayNameOf(auth) })}
          </p>
          {auth.kind === 'guest' ? <p>{t('auth.index.guestMove')}</p> : null}
          <Link to={continueTo} className={buttonClasses({ block: true })}>
            {t('auth.index.continue')}
          </Link>
          <SignOutLink
            isGuest={auth.kind === 'guest'}
            label={t('auth.index.signOut')}
            style={{ variant: 'ghost', block: true }}
            returnTo={continueTo}
          />
        </div>
      ) : null}

      {auth?.kind === 'user' ? null : (
        <div className="flex w-full flex-col gap-3">
          <Link
            to={href('auth.login', null, { redirect: redirectTo })}
            className={buttonClasses({ size: 'lg', block: true })}
          >
            {t('auth.index.signIn')}
          </Link>
          <Link
            to={href('auth.register', null, { redirect: redirectTo })}
            className={buttonClasses({ variant: 'secondary', size: 'lg', block: true })}
          >
            {t('auth.index.register')}
          </Link>
          <SocialSignIn returnTo={social.returnTo} errorPath={social.errorPath} />
          {auth?.kind === 'guest' ? null : (
            <Form method="post" className="flex flex-col gap-3">
              {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
              <FormError messageId={guestError} />
              <Button type="submit" variant="ghost" size="lg" block disabled={isSubmitting}>
                {isSubmitting ? t('auth.index.guestSubmitting') : t('auth.index.guest')}
              </Button>
              <p className="text-sm text-ink-muted">{t('auth.index.guestHint')}</p>
            </Form>
          )}
        </div>
      )}
    </div>
  );
}
