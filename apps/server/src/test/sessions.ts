/**
 * Sessions of each role for server tests, through better-auth's own endpoints, and requests that
 * carry them as a browser on PUBLIC_URL would (its Origin, the cookies by hand):
 *
 *   const guest = await signInGuest(t.app);                    // better-auth anonymous sign-in
 *   const ana = await signUpUser(t.app, { locale: 'es-ES' });  // a new e-mail user
 *   const again = await signInUser(t.app, { email: ana.email });
 *   const res = await callApi(t.app, 'POST', '/api/reservations', { as: ana, body: {...} });
 *   const anonymous = await callApi(t.app, 'GET', '/api/reservations');   // no session
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The origin of testConfig()'s PUBLIC_URL (test/app.ts). */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct horse battery';

export interface TestSession {
  userId: string;
  email: string;
  name: string;
  isGuest: boolean;
  /** `name=value` pairs to send as the Cookie header. */
  cookie: string;
  /** The sign-in answer (its headers and body). */
  response: LightMyRequestResponse;
}

/** `name=value` pairs of Set-Cookie headers, as a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The session token in a Cookie header (the part before the signature). */
export function sessionTokenOf(cookie: string): string | null {
  const pair = cookie.split('; ').find((c) => c.startsWith('better-auth.session_token='));
  return pair ? (decodeURIComponent(pair.split('=')[1] ?? '').split('.')[0] ?? null) : null;
}

export const uniqueEmail = (prefix = 'diner') => `${prefix}-${randomUUID()}@example.com`;

const originOf = (app: FastifyInstance) => new URL(app.config.publicUrl).origin;

export interface RequestOptions {
  cookie?: string;
  /** The Origin header: the app's PUBLIC_URL by default, null for none. */
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

/** POST a JSON body. */
export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  { cookie, origin = originOf(app), ip, headers = {} }: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    ...(ip ? { remoteAddress: ip } : {}),
    headers: {
      'content-type': 'application/json',
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}

/** GET with the session cookie (no Origin: what a browser's plain navigation sends). */
export function getWith(app: FastifyInstance, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function signedIn(
  app: FastifyInstance,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<LightMyRequestResponse> {
  const response = await postJson(app, `/api/auth${path}`, body, options);
  if (response.statusCode !== 200) {
    throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
  }
  return response;
}

function toSession(response: LightMyRequestResponse, name?: string): TestSession {
  const { user } = response.json<{
    user: { id: string; email: string; name: string; isAnonymous?: boolean };
  }>();
  return {
    userId: user.id,
    email: user.email,
    name: name ?? user.name,
    isGuest: user.isAnonymous === true,
    cookie: cookieHeader(response.headers['set-cookie']),
    response,
  };
}

/** A guest: a better-auth anonymous user with its session. */
export async function signInGuest(app: FastifyInstance, options: RequestOptions = {}): Promise<TestSession> {
  return toSession(await signedIn(app, '/sign-in/anonymous', {}, options));
}

export interface SignUpInput {
  email?: string;
  name?: string;
  password?: string;
  locale?: string;
}

/** A new signed-in user (e-mail + password sign-up), with a unique e-mail by default. */
export async function signUpUser(
  app: FastifyInstance,
  input: SignUpInput = {},
  options: RequestOptions = {},
): Promise<TestSession> {
  const name = input.name ?? 'Diner';
  const response = await signedIn(
    app,
    '/sign-up/email',
    {
      email: input.email ?? uniqueEmail(),
      name,
      password: input.password ?? TEST_PASSWORD,
      ...(input.locale === undefined ? {} : { locale: input.locale }),
    },
    options,
  );
  // the sign-up answers the same body for every address: the session says who we are
  const cookie = cookieHeader(response.headers['set-cookie']);
  if (!cookie) throw new Error(`/sign-up/email made no session: ${response.body}`);
  const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  const { user } = session.json<{ user: { id: string; email: string } }>();
  return { userId: user.id, email: user.email, name, isGuest: false, cookie, response };
}

/** A new session of an existing user (e-mail + password sign-in). */
export async function signInUser(
  app: FastifyInstance,
  input: { email: string; password?: string },
  options: RequestOptions = {},
): Promise<TestSession> {
  const response = await signedIn(
    app,
    '/sign-in/email',
    { email: input.email, password: input.password ?? TEST_PASSWORD },
    options,
  );
  return toSession(response);
}

export interface CallOptions {
  /** The session to call as; omit for an anonymous caller. */
  as?: Pick<TestSession, 'cookie'> | null;
  body?: unknown;
  /** A raw body (a multipart form), sent as it is with the content-type given in `headers`. */
  payload?: Buffer;
  headers?: Record<string, string>;
}

/** One API call through inject, as `as` (with the trusted Origin, like the browser). */
export function callApi(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { origin: originOf(app), ...options.headers };
  if (options.as) headers.cookie = options.as.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    ...(options.payload !== undefined ? { payload: options.payload } : {}),
  });
}

/**
 * Marks the session's e-mail as verified, as its link would (auth/verification.test.ts follows the
 * real link): for suites where a verified invitee is the starting point.
 */
export async function markEmailVerified(
  app: FastifyInstance,
  session: Pick<TestSession, 'userId'>,
): Promise<void> {
  await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, session.userId));
}

/** {@link signUpUser}, then {@link markEmailVerified}: a user who owns their address. */
export async function signUpVerifiedUser(
  app: FastifyInstance,
  input: SignUpInput = {},
  options: RequestOptions = {},
): Promise<TestSession> {
  const session = await signUpUser(app, input, options);
  await markEmailVerified(app, session);
  return session;
}
