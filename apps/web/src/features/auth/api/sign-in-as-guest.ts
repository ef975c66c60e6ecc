import { authClient, invalidateSession } from '@/lib/auth-client';
import { ensureGuestProfile } from '@/features/auth/guest-profile';
import { type AuthResult, runAuthCall } from './auth-result';

/**
 * "Continue as guest": an anonymous better-auth session plus the local guest profile
 * (docs/product.md#guest).
 */
export async function signInAsGuest(): Promise<AuthResult> {
  const result = await runAuthCall('Guest sign-in', () => authClient.signIn.anonymous());
  if (result.ok) {
    invalidateSession();
    ensureGuestProfile();
  }
  return result;
}
