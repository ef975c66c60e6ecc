import { env } from '@/config/env';
import { logFailure } from '@/lib/log';
import type { AuthResult } from './auth-result';

/**
 * Sends the verification link again. Plain `fetch`, not better-auth's client: the notice that
 * offers it is on every page of the main layout.
 */
export async function resendVerification(email: string): Promise<AuthResult> {
  try {
    const response = await fetch(`${env.apiOrigin}/api/auth/send-verification-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: env.apiOrigin ? 'include' : 'same-origin',
      body: JSON.stringify({ email }),
    });
    if (response.ok) return { ok: true };
    return { ok: false, code: response.status === 429 ? 'RATE_LIMITED' : 'UNKNOWN' };
  } catch (error) {
    logFailure('Verification e-mail request failed', error);
    return { ok: false, code: 'NETWORK_ERROR' };
  }
}
