/**
 * Set-Cookie values that make the browser forget its session (better-auth's session token, its
 * cached session data and "don't remember me" cookies) and our device cookie — for answers after
 * which the session cannot exist any more (an account deleted).
 */
import { AUTH_BASE_PATH, DEVICE_COOKIE, usesSecureCookies, type Auth } from './auth.ts';

interface CookieAttributes {
  path?: string;
  domain?: string;
  secure?: boolean;
  sameSite?: string | boolean;
  httpOnly?: boolean;
}

function expired(name: string, attributes: CookieAttributes): string {
  const parts = [`${name}=`, 'Max-Age=0', `Path=${attributes.path ?? '/'}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.httpOnly !== false) parts.push('HttpOnly');
  if (typeof attributes.sameSite === 'string') parts.push(`SameSite=${attributes.sameSite}`);
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}

export async function expiredSessionCookies(auth: Auth, publicUrl: string): Promise<string[]> {
  const { authCookies } = await auth.$context;
  const secure = usesSecureCookies(publicUrl);
  return [
    ...[authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map((cookie) =>
      expired(cookie.name, cookie.attributes as CookieAttributes),
    ),
    expired(DEVICE_COOKIE, { path: AUTH_BASE_PATH, secure, sameSite: 'Lax', httpOnly: true }),
  ];
}
