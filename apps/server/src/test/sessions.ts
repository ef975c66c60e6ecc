/**
 * Sessions of each role for endpoint tests, through better-auth's own endpoints:
 *
 *   const guest = await signInGuest(t.app);             // better-auth anonymous sign-in
 *   const ana = await signUpUser(t.app, { locale: 'es-ES' });
 *   const res = await callApi(t.app, 'POST', '/api/reservations', { as: ana, body: {...} });
 *   const anonymous = await callApi(t.app, 'GET', '/api/reservations');   // no session
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface TestSession {
  userId: string;
  email: string;
  name: string;
  isAnonymous: boolean;
  /** `name=value` pairs to send as the Cookie header. */
  cookie: string;
}

/** `name=value` pairs of Set-Cookie headers, as a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  return (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const originOf = (app: FastifyInstance) => new URL(app.config.publicUrl).origin;

async function authPost(app: FastifyInstance, path: string, body: unknown): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { origin: originOf(app), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 200) {
    throw new Error(`${path} answered ${response.statusCode}: ${response.body}`);
  }
  return response;
}

/** A guest: better-auth anonymous user with its session. */
export async function signInGuest(app: FastifyInstance): Promise<TestSession> {
  const response = await authPost(app, '/sign-in/anonymous', {});
  const { user } = response.json() as { user: { id: string; email: string; name: string } };
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    isAnonymous: true,
    cookie: cookieHeader(response.headers['set-cookie']),
  };
}

export interface SignUpOptions {
  email?: string;
  name?: string;
  password?: string;
  locale?: 'es-ES' | 'en-US';
}

/** A signed-in user (e-mail + password sign-up), with a unique random e-mail by default. */
export async function signUpUser(app: FastifyInstance, options: SignUpOptions = {}): Promise<TestSession> {
  const email = options.email ?? `user-${randomUUID()}@example.com`;
  const name = options.name ?? 'Test User';
  const response = await authPost(app, '/sign-up/email', {
    email,
    name,
    password: options.password ?? 'correct horse battery staple',
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const { user } = response.json() as { user: { id: string; email: string } };
  return {
    userId: user.id,
    email: user.email,
    name,
    isAnonymous: false,
    cookie: cookieHeader(response.headers['set-cookie']),
  };
}

export interface CallOptions {
  /** The session to call as; omit for an anonymous caller. */
  as?: TestSession | null;
  body?: unknown;
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
  });
}
