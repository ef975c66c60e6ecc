/**
 * What answers /api/auth/*: better-auth's handler, plus three adjustments.
 *
 * 1. Sign-up does not tell whether an e-mail is registered. better-auth (autoSignIn off) treats a
 *    sign-up of an existing e-mail like a new one, without a session; we then sign in with the
 *    same credentials. Every accepted sign-up answers the same 200 and the same body
 *    ({@link SIGN_UP_ANSWER}); only a new account, or the owner who typed their own password, also
 *    gets a session (guest data moved). The web reads the session to know which happened.
 * 2. Every 429 (better-auth's per-IP limiter or our per-account limit) answers
 *    `{ code: 'RATE_LIMITED', message }` with a Retry-After header.
 * 3. When moving a guest's data failed, no Set-Cookie leaves: the browser keeps the guest session.
 */
import { AUTH_BASE_PATH, GUEST_TRANSFER_FAILED_HEADER, RATE_LIMITED, type Auth } from './auth.ts';

/** The body of every accepted sign-up, a new address or a known one (no account enumeration). */
export const SIGN_UP_ANSWER = { token: null, user: null } as const;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });

function authPath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.startsWith(AUTH_BASE_PATH) ? pathname.slice(AUTH_BASE_PATH.length) : pathname;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

async function signUpThenSignIn(auth: Auth, request: Request): Promise<Response> {
  const body = await request.text();
  const signUp = await auth.handler(
    new Request(request.url, { method: 'POST', headers: request.headers, body }),
  );
  if (signUp.status !== 200) return signUp;
  const answer = parseJson(await signUp.clone().text());
  const input = parseJson(body);
  if (!answer || answer.token !== null || !input) return signUp;

  const signInUrl = new URL(request.url);
  signInUrl.pathname = `${AUTH_BASE_PATH}/sign-in/email`;
  const credentials = {
    email: input.email,
    password: input.password,
    ...(typeof input.rememberMe === 'boolean' ? { rememberMe: input.rememberMe } : {}),
  };
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  const signIn = await auth.handler(
    new Request(signInUrl, { method: 'POST', headers, body: JSON.stringify(credentials) }),
  );
  // rate limited, or the guest transfer failed: said as such
  if (signIn.status !== 200 && signIn.status !== 401) return signIn;
  // signed in (a new account, or the owner's own password) or not (someone else's address): the
  // same status and body, only the session cookie differs
  const accepted = json(200, SIGN_UP_ANSWER);
  for (const cookie of signIn.status === 200 ? signIn.headers.getSetCookie() : []) {
    accepted.headers.append('set-cookie', cookie);
  }
  return accepted;
}

function rateLimitedResponse(response: Response): Response {
  const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after') ?? '60';
  return json(
    429,
    { code: RATE_LIMITED, message: 'Too many attempts. Wait a moment and try again.' },
    { 'retry-after': retryAfter },
  );
}

function withoutCookies(response: Response): Response {
  const headers = new Headers();
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== GUEST_TRANSFER_FAILED_HEADER) headers.append(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createAuthHandler(auth: Auth): (request: Request) => Promise<Response> {
  return async (request) => {
    const response =
      request.method === 'POST' && authPath(request) === '/sign-up/email'
        ? await signUpThenSignIn(auth, request)
        : await auth.handler(request);
    if (response.status === 429) return rateLimitedResponse(response);
    if (response.headers.has(GUEST_TRANSFER_FAILED_HEADER)) return withoutCookies(response);
    return response;
  };
}
