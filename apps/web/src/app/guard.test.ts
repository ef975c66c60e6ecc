import { makeGuestProfile } from '@comensal/domain';
import { describe, expect, it } from 'vitest';
import { href, ROUTE_NAMES, isPublicRoute } from '@/config/paths';
import type { AuthState } from '@/features/auth/api/get-auth-state';
import type { SessionUser } from '@/lib/auth-client';
import { decideAccess, safeRedirectTarget } from './guard';

const user = { id: 'u1', name: 'Ana', email: 'ana@example.com', isAnonymous: false } as SessionUser;
const signedIn: AuthState = { kind: 'user', user };
const guest: AuthState = {
  kind: 'guest',
  user: { ...user, isAnonymous: true },
  guest: makeGuestProfile(() => 0.5),
};

const params = {
  restaurantId: 'r1',
  reservationId: 'res9',
  productId: 'p2',
  token_ws: 'tok',
  transactionId: 't3',
};
const pathOf = (name: (typeof ROUTE_NAMES)[number]) =>
  href(name as 'restaurant.reservation.successful', params);
const at = (pathname: string, search = '') => ({ pathname, search });

describe('decideAccess', () => {
  it.each(ROUTE_NAMES)('lets a signed-in user and a guest into %s', (name) => {
    expect(decideAccess(at(pathOf(name)), signedIn)).toEqual({ kind: 'allow' });
    expect(decideAccess(at(pathOf(name)), guest)).toEqual({ kind: 'allow' });
  });

  it.each(ROUTE_NAMES.filter(isPublicRoute))('lets an anonymous visitor into the public route %s', (name) => {
    expect(decideAccess(at(pathOf(name)), null)).toEqual({ kind: 'allow' });
  });

  it.each(ROUTE_NAMES.filter((name) => !isPublicRoute(name)))(
    'sends an anonymous visitor of %s to auth, remembering where they were going',
    (name) => {
      const path = pathOf(name);
      expect(decideAccess(at(path, '?table=4'), null)).toEqual({
        kind: 'redirect',
        to: href('auth', null, { redirect: `${path}?table=4` }),
      });
    },
  );

  it('keeps restaurant pages and the invitation public but reservation screens private', () => {
    expect(decideAccess(at('/restaurants/r1'), null).kind).toBe('allow');
    expect(decideAccess(at('/restaurants/r1/menu'), null).kind).toBe('allow');
    expect(decideAccess(at('/restaurants/r1/reservations/res9/invitation'), null).kind).toBe('allow');
    expect(decideAccess(at('/restaurants/r1/reservations'), null).kind).toBe('redirect');
    expect(decideAccess(at('/restaurants/r1/reservations/res9/order'), null).kind).toBe('redirect');
  });

  it('lets unknown paths through so the 404 page shows', () => {
    expect(decideAccess(at('/definitely/not/a/page'), null)).toEqual({ kind: 'allow' });
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/profile', '/profile'],
    ['/restaurants/r1/menu?table=4', '/restaurants/r1/menu?table=4'],
    ['/reservations/current#x', '/reservations/current#x'],
  ])('keeps the app path %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['profile'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/auth'],
    ['/auth/login?redirect=/profile'],
    ['/auth/logout'],
  ])('falls back to home for %s', (value) => {
    expect(safeRedirectTarget(value)).toBe('/');
  });
});
