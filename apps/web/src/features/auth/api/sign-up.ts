import { authClient, invalidateSession } from '../../../lib/auth-client';
import { clearGuestProfile } from '../guest-profile';
import { type AuthResult, runAuthCall } from './auth-result';

export interface SignUpInput {
  displayName: string;
  email: string;
  password: string;
}

/** Creates an account (e-mail, password, display name) and signs it in. */
export async function signUp(input: SignUpInput): Promise<AuthResult> {
  const result = await runAuthCall('Sign-up', () =>
    authClient.signUp.email({ name: input.displayName, email: input.email, password: input.password }),
  );
  if (result.ok) {
    invalidateSession();
    clearGuestProfile();
  }
  return result;
}
