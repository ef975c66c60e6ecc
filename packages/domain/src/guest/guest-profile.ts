import { DomainError } from '../errors.ts';

/** A source of uniform random numbers in [0, 1) (the caller passes the platform's generator); injected so rules stay pure. */
export type RandomSource = () => number;

/** The Spanish word for guest, shown untranslated in both languages (docs/product.md#guest). */
export const GUEST_NAME_PREFIX = 'Invitado';
/** Guest numbers are below this (docs/product.md#constants). */
export const GUEST_NUMBER_LIMIT = 999;
/** Locally stored pending items get a random id below this (docs/product.md#constants). */
export const PENDING_ITEM_ID_LIMIT = 99_999;
export const GUEST_ID_PREFIX = 'g-';
export const GUEST_ID_LENGTH = 6;

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The guest profile kept in local storage (docs/product.md#guest). */
export interface GuestProfile {
  displayName: string;
  /** A random short id standing in for an e-mail, e.g. 'g-k3x9q2'. */
  email: string;
  photoURL: string | null;
  /** Ids of the orders the guest placed. */
  orders: string[];
  /** Spelled as the original product spelled it (docs/product.md#guest). Always true. */
  guessUser: true;
  restaurantId: string | null;
  reservationId: string | null;
}

/**
 * A uniform integer in [min, maxExclusive) from `random`.
 * @throws DomainError `INVALID_RANDOM` when `random()` is not a number in [0, 1).
 */
export function randomInt(random: RandomSource, min: number, maxExclusive: number): number {
  const value = random();
  if (typeof value !== 'number' || !(value >= 0 && value < 1)) {
    throw new DomainError('INVALID_RANDOM', `random() must return a number in [0, 1), got ${String(value)}`);
  }
  return min + Math.floor(value * (maxExclusive - min));
}

/**
 * "Invitado N".
 * @throws DomainError `INVALID_GUEST_NUMBER` unless N is an integer with 0 ≤ N < 999.
 */
export function guestName(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= GUEST_NUMBER_LIMIT) {
    throw new DomainError('INVALID_GUEST_NUMBER', `guest number must be an integer 0–998, got ${n}`);
  }
  return `${GUEST_NAME_PREFIX} ${n}`;
}

/** A random short id: 'g-' + 6 characters of [0-9a-z]. */
export function guestId(random: RandomSource): string {
  let id = GUEST_ID_PREFIX;
  for (let index = 0; index < GUEST_ID_LENGTH; index += 1)
    id += ID_ALPHABET[randomInt(random, 0, ID_ALPHABET.length)];
  return id;
}

/**
 * A new guest profile (docs/product.md#guest): "Invitado N" with a random N in 1–998 (0 is valid
 * for {@link guestName} but never drawn), a random short id as e-mail, no photo, no orders, no
 * restaurant or reservation yet.
 */
export function makeGuestProfile(random: RandomSource): GuestProfile {
  return {
    displayName: guestName(randomInt(random, 1, GUEST_NUMBER_LIMIT)),
    email: guestId(random),
    photoURL: null,
    orders: [],
    guessUser: true,
    restaurantId: null,
    reservationId: null,
  };
}

const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** Checks a value read back from local storage (parsed JSON) before trusting it as a guest profile. */
export function isGuestProfile(value: unknown): value is GuestProfile {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.displayName === 'string' &&
    typeof candidate.email === 'string' &&
    candidate.email.length > 0 &&
    isStringOrNull(candidate.photoURL) &&
    Array.isArray(candidate.orders) &&
    candidate.orders.every((order) => typeof order === 'string') &&
    candidate.guessUser === true &&
    isStringOrNull(candidate.restaurantId) &&
    isStringOrNull(candidate.reservationId)
  );
}
