import type { SupportedLocale } from '@comensal/domain';
import { authClient, getSession, invalidateSession } from '@/lib/auth-client';
import { clearGuestProfile } from '@/features/auth/guest-profile';
import { type AuthResult, runAuthCall } from './auth-result';

export interface SignUpInput {
  displayName: string;
  email: string;
  password: string;
  /** The language the diner uses now; the server keeps it on the account (mails, profile). */
  locale: SupportedLocale;
}

/**
 * Creates an account (e-mail, password, display name, language) and signs it in; SIGN_UP_FAILED
 * when the address already has an account this password does not open. From a guest
 * session the server moves the guest's data onto the new account; the local guest profile goes.
 */
export async function signUp(input: SignUpInput): Promise<AuthResult> {
  // `locale` is one of the server's additional user fields, which the client's types do not list.
  const body = {
    name: input.displayName,
    email: input.email,
    password: input.password,
    locale: input.locale,
  };
  const result = await runAuthCall('Sign-up', () => authClient.signUp.email(body));
  if (!result.ok) return result;
  // The server answers every sign-up alike, a new address or a known one (nobody learns who has an
  // account); only the session says whether this one opened an account.
  invalidateSession();
  const session = await getSession();
  if (!session || session.user.isAnonymous === true) return { ok: false, code: 'SIGN_UP_FAILED' };
  clearGuestProfile();
  return result;
}
