import { authClient, invalidateSession } from '@/lib/auth-client';
import { clearGuestProfile } from '@/features/auth/guest-profile';
import { type AuthResult, runAuthCall } from './auth-result';

/** Ends the session; a guest's local profile goes with it. */
export async function signOut(): Promise<AuthResult> {
  const result = await runAuthCall('Sign-out', () => authClient.signOut());
  invalidateSession();
  clearGuestProfile();
  return result;
}
