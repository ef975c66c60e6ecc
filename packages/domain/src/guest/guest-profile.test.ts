import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  guestId,
  guestName,
  isGuestProfile,
  makeGuestProfile,
  randomInt,
  type RandomSource,
} from './guest-profile.ts';

/** Returns the given values in turn, then repeats the last one. */
const sequence = (...values: number[]): RandomSource => {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)] ?? 0;
};

const MAX_BELOW_ONE = 1 - Number.EPSILON / 2;

describe('guestName', () => {
  it.each([
    [0, 'Invitado 0'],
    [1, 'Invitado 1'],
    [42, 'Invitado 42'],
    [998, 'Invitado 998'],
  ])('%i → %s', (n, name) => {
    expect(guestName(n)).toBe(name);
  });

  it.each([-1, 999, 1000, 1.5, Number.NaN])('rejects %s', (n) => {
    expectDomainError(() => guestName(n), 'INVALID_GUEST_NUMBER');
  });
});

describe('makeGuestProfile', () => {
  it('builds the guest profile from the injected randomness', () => {
    // first draw → guest number, next six → id characters
    const random = sequence(0.5, 0, 0.1, 0.5, 0.99, 0.3, MAX_BELOW_ONE);
    expect(makeGuestProfile(random)).toEqual({
      displayName: 'Invitado 500', // 1 + floor(0.5 × 998)
      email: 'g-03izaz', // floor(r × 36) over 0-9a-z: 0, 3, 18, 35, 10, 35
      photoURL: null,
      orders: [],
      guessUser: true,
      restaurantId: null,
      reservationId: null,
    });
  });

  it.each([
    [0, 'Invitado 1'],
    [MAX_BELOW_ONE, 'Invitado 998'],
  ])('random %s gives %s (never 0, never 999)', (value, name) => {
    expect(makeGuestProfile(() => value).displayName).toBe(name);
  });

  it('produces a valid profile with Math.random', () => {
    for (let run = 0; run < 200; run += 1) {
      const profile = makeGuestProfile(Math.random);
      expect(isGuestProfile(profile)).toBe(true);
      expect(profile.email).toMatch(/^g-[0-9a-z]{6}$/);
      expect(profile.displayName).toMatch(/^Invitado ([1-9]\d{0,2})$/);
    }
  });

  it('rejects a broken random source', () => {
    expectDomainError(() => makeGuestProfile(() => 1), 'INVALID_RANDOM');
    expectDomainError(() => makeGuestProfile(() => -0.1), 'INVALID_RANDOM');
    expectDomainError(() => makeGuestProfile(() => Number.NaN), 'INVALID_RANDOM');
  });
});

describe('guestId', () => {
  it.each([
    [0, 'g-000000'],
    [MAX_BELOW_ONE, 'g-zzzzzz'],
  ])('random %s → %s', (value, id) => {
    expect(guestId(() => value)).toBe(id);
  });
});

describe('randomInt', () => {
  it('spans [min, max)', () => {
    expect(randomInt(() => 0, 5, 10)).toBe(5);
    expect(randomInt(() => MAX_BELOW_ONE, 5, 10)).toBe(9);
  });
});

describe('isGuestProfile', () => {
  const valid = makeGuestProfile(sequence(0.1));

  it.each<[string, unknown, boolean]>([
    ['a made profile', valid, true],
    [
      'after joining a reservation',
      { ...valid, restaurantId: 'r1', reservationId: 'res1', orders: ['o1'] },
      true,
    ],
    ['null', null, false],
    ['a string', 'guest', false],
    ['guessUser false', { ...valid, guessUser: false }, false],
    ['missing email', { ...valid, email: undefined }, false],
    ['empty email', { ...valid, email: '' }, false],
    ['orders not strings', { ...valid, orders: [1] }, false],
    ['restaurantId a number', { ...valid, restaurantId: 7 }, false],
    ['photoURL a number', { ...valid, photoURL: 7 }, false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isGuestProfile(value)).toBe(expected);
  });
});
