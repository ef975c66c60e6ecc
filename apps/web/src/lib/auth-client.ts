import { anonymousClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { env } from '@/config/env';

/** better-auth client for `/api/auth/*` (e-mail + password, anonymous guests, session, sign-out). */
export const authClient = createAuthClient({
  baseURL: `${env.apiOrigin || window.location.origin}/api/auth`,
  plugins: [anonymousClient()],
});

// The session check itself lives in ./session (plain fetch, on every page's start-up path);
// it is re-exported here for the auth feature.
export { getSession, invalidateSession, type Session, type SessionUser, SESSION_TTL_MS } from './session';
