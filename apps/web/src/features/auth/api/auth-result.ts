import { logFailure } from '../../../lib/log';

export type AuthResult = { ok: true } | { ok: false; code: string };

interface BetterAuthAnswer {
  error: { code?: string | undefined; status: number } | null;
}

/** Runs one better-auth call and folds its `{ data, error }` answer or a thrown failure into an AuthResult. */
export async function runAuthCall(what: string, call: () => Promise<BetterAuthAnswer>): Promise<AuthResult> {
  try {
    const { error } = await call();
    if (!error) return { ok: true };
    return { ok: false, code: error.code ?? (error.status === 429 ? 'RATE_LIMITED' : 'UNKNOWN') };
  } catch (error) {
    logFailure(`${what} failed`, error);
    return { ok: false, code: 'NETWORK_ERROR' };
  }
}
