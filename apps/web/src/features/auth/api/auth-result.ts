import { logFailure } from '@/lib/log';
import { isGuestTransferFailure, reportGuestTransferFailure } from '../auth-errors';

export type AuthResult = { ok: true } | { ok: false; code: string };

interface BetterAuthAnswer {
  error: { code?: string | undefined; status: number } | null;
}

/** Runs one better-auth call and folds its `{ data, error }` answer or a thrown failure into an AuthResult. */
export async function runAuthCall(what: string, call: () => Promise<BetterAuthAnswer>): Promise<AuthResult> {
  try {
    const { error } = await call();
    if (!error) return { ok: true };
    // better-auth's limiter answers 429 with or without a code: either way it is "too many attempts".
    if (error.status === 429) return { ok: false, code: 'RATE_LIMITED' };
    if (error.code !== undefined && isGuestTransferFailure(error.code)) reportGuestTransferFailure();
    return { ok: false, code: error.code ?? 'UNKNOWN' };
  } catch (error) {
    logFailure(`${what} failed`, error);
    return { ok: false, code: 'NETWORK_ERROR' };
  }
}
