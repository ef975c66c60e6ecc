import { useSearchParams } from 'react-router';
import { href } from '@/config/paths';
import type { AuthFormContext } from '@/features/auth/components/auth-form-result';
import { REDIRECT_PARAM, safeRedirectTarget } from '@/app/guard';
import { useAuth } from '@/app/session';

/**
 * What every auth form needs from the address and the session: the `redirect` to keep, where a
 * social sign-in lands (that redirect, or home) and comes back to on failure (the login page),
 * and the guest's name when a guest is about to sign in.
 */
export function useAuthFormContext(): AuthFormContext {
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(REDIRECT_PARAM);
  return {
    redirectTo,
    social: {
      returnTo: safeRedirectTarget(redirectTo),
      errorPath: href('auth.login', null, { [REDIRECT_PARAM]: redirectTo }),
    },
    guestName: auth?.kind === 'guest' ? auth.guest.displayName : null,
  };
}
