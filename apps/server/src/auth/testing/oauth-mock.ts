/**
 * A real OIDC provider on loopback (oauth2-mock-server) standing in for Google/Facebook, and the
 * browser's part of the OAuth dance driven with plain HTTP: start → provider's authorize
 * redirect (followed with fetch, redirect: 'manual') → our callback.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { cookieHeader, postJson } from '../../test/sessions.ts';

export interface MockProfile {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  emailVerified?: boolean;
}

export interface OAuthMock {
  /** e.g. http://127.0.0.1:40123 */
  issuer: string;
  /** The person who "signs in at the provider" next. */
  setProfile(profile: MockProfile): void;
  stop(): Promise<void>;
}

const claimsOf = (profile: MockProfile) => ({
  sub: profile.sub,
  email: profile.email,
  email_verified: profile.emailVerified ?? true,
  name: profile.name,
  ...(profile.picture ? { picture: profile.picture } : {}),
});

export async function startOAuthMock(): Promise<OAuthMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // the library names itself http://localhost:PORT; keep every URL on the address it listens on
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  let current: MockProfile | null = null;
  // id token (and access token) claims, then the userinfo answer: the same person
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (current) Object.assign(token.payload, claimsOf(current));
  });
  server.service.on(
    'beforeUserinfo',
    (response: { body: Record<string, unknown> | ''; statusCode: number }) => {
      if (current) response.body = claimsOf(current);
    },
  );
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('oauth2-mock-server did not tell its issuer URL');
  return {
    issuer,
    setProfile: (profile) => {
      current = profile;
    },
    stop: () => server.stop(),
  };
}

export interface SocialSignInResult {
  /** The answer of our callback (a redirect to the app, with the session cookie when it worked). */
  callback: LightMyRequestResponse;
  /** Where the callback sends the browser. */
  location: string;
  /** Cookie header with the new session (empty when none). */
  cookie: string;
}

/** The whole round trip of "Continue with Google/Facebook", as the browser makes it. */
export async function socialSignIn(
  app: FastifyInstance,
  provider: 'google' | 'facebook',
  {
    cookie,
    callbackURL = '/',
    errorCallbackURL = '/auth/login',
  }: { cookie?: string; callbackURL?: string; errorCallbackURL?: string } = {},
): Promise<SocialSignInResult> {
  const start = await postJson(
    app,
    '/api/auth/sign-in/social',
    { provider, callbackURL, errorCallbackURL, disableRedirect: true },
    cookie ? { cookie } : {},
  );
  if (start.statusCode !== 200) throw new Error(`sign-in/social: ${start.statusCode} ${start.body}`);
  const authorizeUrl = start.json<{ url: string }>().url;
  const stateCookie = cookieHeader(start.headers['set-cookie']);

  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = authorize.headers.get('location');
  if (authorize.status !== 302 || !back) throw new Error(`authorize: ${authorize.status}`);
  const callbackUrl = new URL(back);

  const callback = await app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    headers: { cookie: [cookie, stateCookie].filter(Boolean).join('; ') },
  });
  return {
    callback,
    location: String(callback.headers.location ?? ''),
    cookie: cookieHeader(callback.headers['set-cookie'])
      .split('; ')
      .filter((c) => c.includes('session_token'))
      .join('; '),
  };
}
