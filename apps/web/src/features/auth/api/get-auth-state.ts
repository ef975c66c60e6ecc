import type { GuestProfile } from '@comensal/domain';
// lib/session, not lib/auth-client: the session check must not pull better-auth into every page.
import { getSession, type SessionUser } from '@/lib/session';
import { clearGuestProfile, ensureGuestProfile } from '@/features/auth/guest-profile';

/**
 * Who is using the app: a signed-in user, a guest (better-auth anonymous user + the local
 * guest profile), or nobody (null).
 */
export type AuthState =
  { kind: 'user'; user: SessionUser } | { kind: 'guest'; user: SessionUser; guest: GuestProfile } | null;

export async function getAuthState(): Promise<AuthState> {
  const session = await getSession();
  if (!session) return null;
  if (session.user.isAnonymous) return { kind: 'guest', user: session.user, guest: ensureGuestProfile() };
  // A real account is in use: a guest profile left from before (e.g. when a social sign-in came back
  // through a full page load) was moved onto it by the server, so the local copy goes
  // (docs/product.md#guest-to-user).
  clearGuestProfile();
  return { kind: 'user', user: session.user };
}

/** The name to greet: the user's display name, or the guest's "Invitado N". */
export function displayNameOf(auth: NonNullable<AuthState>): string {
  return auth.kind === 'guest' ? auth.guest.displayName : auth.user.name;
}

/** The profile picture to show: the account's, or the guest profile's (none by default). */
export function photoOf(auth: NonNullable<AuthState>): string | null {
  return auth.kind === 'guest' ? auth.guest.photoURL : (auth.user.image ?? null);
}
