import { type GuestProfile, isGuestProfile, makeGuestProfile } from '@comensal/domain';
import { localStore, STORAGE_KEYS } from '@/lib/storage';

/** The guest profile (docs/product.md#guest), kept in localStorage `guest`. */
export function readGuestProfile(): GuestProfile | null {
  const value = localStore.getJson(STORAGE_KEYS.guest);
  return isGuestProfile(value) ? value : null;
}

/** The stored guest profile, or a new one ("Invitado N", random short id) saved now. */
export function ensureGuestProfile(): GuestProfile {
  const existing = readGuestProfile();
  if (existing) return existing;
  const created = makeGuestProfile(Math.random);
  localStore.setJson(STORAGE_KEYS.guest, created);
  return created;
}

export function clearGuestProfile(): void {
  localStore.remove(STORAGE_KEYS.guest);
}
