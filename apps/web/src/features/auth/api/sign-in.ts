import { authClient, invalidateSession } from '@/lib/auth-client';
import { clearGuestProfile } from '@/features/auth/guest-profile';
import { type AuthResult, runAuthCall } from './auth-result';

export interface SignInInput {
  email: string;
  password: string;
}

/** E-mail + password sign-in. A guest signing in becomes that user (the server moves the guest's data). */
export async function signIn(input: SignInInput): Promise<AuthResult> {
  const result = await runAuthCall('Sign-in', () => authClient.signIn.email(input));
  if (result.ok) {
    invalidateSession();
    clearGuestProfile();
  }
  return result;
}
