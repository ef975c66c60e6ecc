import type { SocialProvider } from '@comensal/contracts';
import { authClient } from '@/lib/auth-client';
import { type AuthResult, runAuthCall } from './auth-result';
import { leaveApp } from './leave-app';

export type { SocialProvider };

/** Where an OAuth round trip that failed comes back to, carrying `?error=`. */
export const SOCIAL_ERROR_PARAM = 'error';

/**
 * Google / Facebook sign-in by redirect: the server (better-auth, the OAuth client) answers the
 * provider's address; the browser goes there and comes back through the server's callback to
 * `returnTo` (an in-app path) signed in, or to `errorPath` with `?error=`. A guest's session rides
 * along, so the server moves the guest's data onto the account.
 */
export async function signInSocial(
  provider: SocialProvider,
  { returnTo, errorPath }: { returnTo: string; errorPath: string },
): Promise<AuthResult> {
  const origin = window.location.origin;
  let target: string | undefined;
  const result = await runAuthCall(`Sign-in with ${provider}`, async () => {
    const answer = await authClient.signIn.social({
      provider,
      callbackURL: `${origin}${returnTo}`,
      errorCallbackURL: `${origin}${errorPath}`,
      disableRedirect: true,
    });
    target = answer.data?.url;
    return answer;
  });
  if (!result.ok) return result;
  if (!target) return { ok: false, code: 'UNKNOWN' };
  leaveApp(target);
  return result;
}
