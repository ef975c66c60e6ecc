/**
 * Test helpers: sessions through the real /api/auth endpoints (better-auth), cookies carried by
 * hand, as a browser on PUBLIC_URL would.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct horse battery';

export type SetCookie = string | string[] | undefined;

/** `name=value` pairs of the Set-Cookie headers, to send back as a Cookie header. */
export function cookieHeader(setCookie: SetCookie): string {
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The session token in a Cookie header (the part before the signature). */
export function sessionTokenOf(cookie: string): string | null {
  const pair = cookie.split('; ').find((c) => c.startsWith('better-auth.session_token='));
  return pair ? (decodeURIComponent(pair.split('=')[1] ?? '').split('.')[0] ?? null) : null;
}

export const uniqueEmail = (prefix = 'diner') => `${prefix}-${randomUUID()}@example.com`;

export interface RequestOptions {
  cookie?: string;
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  { cookie, origin = TEST_ORIGIN, ip, headers = {} }: RequestOptions = {},
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

export interface TestSession {
  cookie: string;
  userId: string;
  email: string;
  response: LightMyRequestResponse;
}

export async function signUp(
  app: FastifyInstance,
  input: { email?: string; password?: string; name?: string; locale?: string } = {},
  options: RequestOptions = {},
): Promise<TestSession> {
  const email = input.email ?? uniqueEmail();
  const response = await postJson(
    app,
    '/api/auth/sign-up/email',
    {
      email,
      password: input.password ?? TEST_PASSWORD,
      name: input.name ?? 'Diner',
      ...(input.locale === undefined ? {} : { locale: input.locale }),
    },
    options,
  );
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieHeader(response.headers['set-cookie']);
  return { cookie, userId: response.json<{ user: { id: string } }>().user.id, email, response };
}

export async function signIn(
  app: FastifyInstance,
  input: { email: string; password?: string },
  options: RequestOptions = {},
): Promise<TestSession> {
  const response = await postJson(
    app,
    '/api/auth/sign-in/email',
    { email: input.email, password: input.password ?? TEST_PASSWORD },
    options,
  );
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieHeader(response.headers['set-cookie']);
  return { cookie, userId: response.json<{ user: { id: string } }>().user.id, email: input.email, response };
}

export async function signInAsGuest(
  app: FastifyInstance,
  options: RequestOptions = {},
): Promise<TestSession> {
  const response = await postJson(app, '/api/auth/sign-in/anonymous', {}, options);
  if (response.statusCode !== 200)
    throw new Error(`guest sign-in failed: ${response.statusCode} ${response.body}`);
  const user = response.json<{ user: { id: string; email: string } }>().user;
  return {
    cookie: cookieHeader(response.headers['set-cookie']),
    userId: user.id,
    email: user.email,
    response,
  };
}

/** GET with the session cookie. */
export function getWith(app: FastifyInstance, url: string, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
