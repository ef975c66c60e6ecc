import { authClient, invalidateSession } from '@/lib/auth-client';
import { type AuthResult, runAuthCall } from './auth-result';

/**
 * The e-mail links (docs/product.md#e-mail-verification): the web page of each link calls
 * better-auth with the link's token.
 */

/** Confirms the address of the verification link's token; the session then says so too. */
export async function verifyEmail(token: string): Promise<AuthResult> {
  const result = await runAuthCall('E-mail verification', () => authClient.verifyEmail({ query: { token } }));
  invalidateSession();
  return result;
}

/** Mails a password-reset link to the address if it has an account (the answer is the same either way). */
export function requestPasswordReset(email: string): Promise<AuthResult> {
  return runAuthCall('Password reset request', () =>
    authClient.requestPasswordReset({ email, redirectTo: '/auth/reset-password' }),
  );
}

/** Sets a new password with the reset link's token (it works once). */
export function resetPassword(token: string, newPassword: string): Promise<AuthResult> {
  return runAuthCall('Password reset', () => authClient.resetPassword({ token, newPassword }));
}
