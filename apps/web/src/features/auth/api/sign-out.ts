import { authClient, invalidateSession } from '@/lib/auth-client';
import { clearGuestProfile } from '@/features/auth/guest-profile';
import { forgetPrivateReads } from '@/lib/offline-answers';
import { type AuthResult, runAuthCall } from './auth-result';

/** Ends the session; a guest's local profile and the diner's reads kept for offline use go with it. */
export async function signOut(): Promise<AuthResult> {
  const result = await runAuthCall('Sign-out', () => authClient.signOut());
  invalidateSession();
  clearGuestProfile();
  await forgetPrivateReads();
  return result;
}
