import type { GuestProfile } from '@comensal/domain';
import { getSession, type SessionUser } from '../../../lib/auth-client';
import { ensureGuestProfile } from '../guest-profile';

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
  return { kind: 'user', user: session.user };
}

/** The name to greet: the user's display name, or the guest's "Invitado N". */
export function displayNameOf(auth: NonNullable<AuthState>): string {
  return auth.kind === 'guest' ? auth.guest.displayName : auth.user.name;
}
