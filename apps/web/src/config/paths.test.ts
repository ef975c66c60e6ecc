import { describe, expect, it } from 'vitest';
import { href, isPublicRoute, paths, ROUTE_NAMES, routeNameForPath } from './paths';

const restaurantId = 'r1';
const reservationId = 'res9';

describe('href', () => {
  it.each([
    [href('auth'), '/auth'],
    [href('auth.register'), '/auth/register'],
    [href('auth.login'), '/auth/login'],
    [href('auth.logout'), '/auth/logout'],
    [href('home'), '/'],
    [href('filters'), '/filters'],
    [href('restaurant.profile', { restaurantId }), '/restaurants/r1'],
    [href('restaurant.menu', { restaurantId }), '/restaurants/r1/menu'],
    [href('restaurant.product', { restaurantId, productId: 'p2' }), '/restaurants/r1/articles/p2'],
    [href('restaurant.reservation', { restaurantId }), '/restaurants/r1/reservations'],
    [href('restaurant.reservation', { restaurantId, reservationId }), '/restaurants/r1/reservations/res9'],
    [
      href('restaurant.reservation.summary', { restaurantId, reservationId }),
      '/restaurants/r1/reservations/res9/summary',
    ],
    [
      href('restaurant.reservation.modify', { restaurantId, reservationId }),
      '/restaurants/r1/reservations/res9/modify',
    ],
    [
      href('restaurant.reservation.share', { restaurantId, reservationId }),
      '/restaurants/r1/reservations/res9/share',
    ],
    [
      href('restaurant.reservation.invitation', { restaurantId, reservationId }),
      '/restaurants/r1/reservations/res9/invitation',
    ],
    [
      href('restaurant.reservation.order', { restaurantId, reservationId }),
      '/restaurants/r1/reservations/res9/order',
    ],
    [
      href('restaurant.reservation.confirmation', { restaurantId, reservationId }),
      '/restaurants/r1/reservations/res9/confirmation',
    ],
    [
      href('restaurant.reservation.successful', { restaurantId, reservationId, token_ws: 'tok' }),
      '/restaurants/r1/reservations/res9/payment_successful/tok',
    ],
    [href('restaurant.reservation.order', { restaurantId }), '/restaurants/r1/reservations/order'],
    [href('invitations'), '/invitations'],
    [href('invitations.current'), '/invitations/current'],
    [href('invitations.historial'), '/invitations/historial'],
    [href('favorites'), '/favorites'],
    [href('favorites.restaurants'), '/favorites/restaurants'],
    [href('favorites.products'), '/favorites/products'],
    [href('reservations'), '/reservations'],
    [href('reservations.current'), '/reservations/current'],
    [href('reservations.historial'), '/reservations/historial'],
    [href('profile'), '/profile'],
    [href('privacy'), '/privacy'],
    [href('reviews'), '/r'],
    [href('notFound'), '/404'],
    [href('staff'), '/staff'],
    [href('staff.board', { restaurantId }), '/staff/r1'],
    [href('staff.payments', { restaurantId }), '/staff/r1/payments'],
    [href('staff.menu', { restaurantId }), '/staff/r1/menu'],
    [href('staff.qr', { restaurantId }), '/staff/r1/qr'],
    [href('staff.team', { restaurantId }), '/staff/r1/team'],
    [href('staff.audit', { restaurantId }), '/staff/r1/audit'],
    [href('staff.errors', { restaurantId }), '/staff/r1/errors'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('covers every route name', () => {
    expect(ROUTE_NAMES).toHaveLength(43);
  });

  it('adds query parameters, leaving out empty ones', () => {
    expect(href('restaurant.reservation', { restaurantId }, { table: '4', room: 'Terraza' })).toBe(
      '/restaurants/r1/reservations?table=4&room=Terraza',
    );
    expect(href('home', null, { q: 'sushi', cursor: null, page: undefined, empty: '' })).toBe('/?q=sushi');
    expect(href('auth', null, { redirect: '/profile?tab=1' })).toBe('/auth?redirect=%2Fprofile%3Ftab%3D1');
  });

  it('encodes param values', () => {
    expect(href('restaurant.menu', { restaurantId: 'a b/c?' })).toBe('/restaurants/a%20b%2Fc%3F/menu');
  });

  it('checks params at compile time', () => {
    // @ts-expect-error restaurantId is required
    expect(() => href('restaurant.menu')).toThrow();
    // @ts-expect-error productId is required too
    expect(() => href('restaurant.product', { restaurantId })).toThrow();
    // @ts-expect-error home has no params
    href('home', { restaurantId });
    // @ts-expect-error unknown route name
    expect(() => href('restaurant.unknown', { restaurantId })).toThrow();
    // The optional reservationId may be left out.
    expect(href('restaurant.reservation.share', { restaurantId, reservationId: null })).toBe(
      '/restaurants/r1/reservations/share',
    );
  });
});

describe('routeNameForPath', () => {
  it.each(ROUTE_NAMES)('finds %s from its own href', (name) => {
    const params = {
      restaurantId: 'r1',
      reservationId: 'res9',
      productId: 'p2',
      token_ws: 'tok',
      transactionId: 't3',
    };
    const path = href(name as 'restaurant.reservation.successful', params);
    expect(routeNameForPath(path)).toBe(name);
  });

  it('ranks static segments over the optional reservation id', () => {
    expect(routeNameForPath('/restaurants/r1/reservations/invitation')).toBe(
      'restaurant.reservation.invitation',
    );
    expect(routeNameForPath('/restaurants/r1/reservations/abc')).toBe('restaurant.reservation');
  });

  it('answers null for unknown paths', () => {
    expect(routeNameForPath('/nope')).toBeNull();
    expect(routeNameForPath('/restaurants/r1/unknown')).toBeNull();
  });

  it('gives the same answers when asked again, also past the names it keeps', () => {
    const asked = Array.from({ length: 120 }, (_, index) =>
      index % 2 === 0 ? `/restaurants/r${index}/menu` : `/nope/${index}`,
    );
    const first = asked.map(routeNameForPath);
    expect(first.filter((name) => name === 'restaurant.menu')).toHaveLength(60);
    expect(first.filter((name) => name === null)).toHaveLength(60);
    expect(asked.map(routeNameForPath)).toEqual(first);
    expect(routeNameForPath('/restaurants/r0/menu')).toBe('restaurant.menu');
  });
});

describe('access', () => {
  it('makes the auth area, restaurant pages, the invitation, the privacy page and the 404 public, and nothing else', () => {
    const publicRoutes = ROUTE_NAMES.filter(isPublicRoute).sort();
    expect(publicRoutes).toEqual(
      [
        'auth',
        'auth.login',
        'auth.logout',
        'auth.register',
        'auth.verifyEmail',
        'auth.forgotPassword',
        'auth.resetPassword',
        'notFound',
        'privacy',
        'restaurant.menu',
        'restaurant.product',
        'restaurant.profile',
        'restaurant.reservation.invitation',
      ].sort(),
    );
    expect(paths['restaurant.reservation'].access).toBe('session');
  });
});
