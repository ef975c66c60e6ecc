import { describe, expect, it } from 'vitest';
import {
  bookingRequestViolation,
  DEFAULT_BOOKING_LIMITS,
  heldReservationsViolation,
  type HeldReservation,
} from './booking-limits.ts';

const NOW = new Date('2026-03-02T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const after = (days: number, extraMs = 0) => new Date(NOW.getTime() + days * DAY + extraMs);
const at = (time: string) => new Date(`2026-03-10T${time}:00Z`);
const slot = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe('bookingRequestViolation', () => {
  it.each([
    ['tomorrow, 2 people', after(1), 2, null],
    ['exactly 60 days ahead', after(60), 2, null],
    ['one minute past 60 days', after(60, 60_000), 2, { code: 'BOOKING_TOO_FAR_AHEAD', maxDays: 60 }],
    ['9999-12-31', new Date('9999-12-31T20:00:00Z'), 2, { code: 'BOOKING_TOO_FAR_AHEAD', maxDays: 60 }],
    ['20 people', after(1), 20, null],
    ['21 people', after(1), 21, { code: 'PARTY_TOO_LARGE', max: 20 }],
    [
      '100 people, too far as well: the date is said first',
      after(90),
      100,
      { code: 'BOOKING_TOO_FAR_AHEAD' },
    ],
  ])('%s', (_label, start, quantity, expected) => {
    const violation = bookingRequestViolation(
      { start, quantity, kind: 'table' },
      DEFAULT_BOOKING_LIMITS,
      NOW,
    );
    if (expected === null) expect(violation).toBeNull();
    else expect(violation).toMatchObject(expected);
  });

  it('names the latest start allowed', () => {
    const violation = bookingRequestViolation(
      { start: after(8), quantity: 1, kind: 'table' },
      { horizonDays: 7, maxPartySize: 4, maxTakeawayPartySize: 4 },
      NOW,
    );
    expect(violation).toEqual({ code: 'BOOKING_TOO_FAR_AHEAD', maxDays: 7, latest: after(7) });
  });
});

describe('the party of a pickup or a delivery', () => {
  it.each([
    ['pickup', 10, null],
    ['pickup', 11, { code: 'PARTY_TOO_LARGE', max: 10 }],
    ['delivery', 100, { code: 'PARTY_TOO_LARGE', max: 10 }],
    ['table', 11, null],
  ] as const)('%s of %i', (kind, quantity, expected) => {
    const violation = bookingRequestViolation(
      { start: after(1), quantity, kind },
      DEFAULT_BOOKING_LIMITS,
      NOW,
    );
    if (expected === null) expect(violation).toBeNull();
    else expect(violation).toEqual(expected);
  });
});

describe('heldReservationsViolation', () => {
  const held = (
    id: string,
    time: { start: Date; end: Date },
    overrides: Partial<HeldReservation> = {},
  ): HeldReservation => ({
    id,
    restaurantId: 'r1',
    isCreator: true,
    status: 'confirmed',
    time,
    ...overrides,
  });
  const user = { isGuest: false };
  const guest = { isGuest: true };
  const request = (start: string, end: string, overrides: { id?: string; restaurantId?: string } = {}) => ({
    restaurantId: 'r1',
    time: slot(start, end),
    ...overrides,
  });

  it.each<[string, HeldReservation[], { isGuest: boolean }, ReturnType<typeof request>, object | null]>([
    ['nothing held', [], user, request('20:00', '21:00'), null],
    ['a guest with nothing held', [], guest, request('20:00', '21:00'), null],
    [
      'a guest holding one there',
      [held('a', slot('13:00', '14:00'))],
      guest,
      request('20:00', '21:00'),
      { code: 'RESERVATION_LIMIT', max: 1 },
    ],
    [
      'a guest holding one elsewhere',
      [held('a', slot('13:00', '14:00'), { restaurantId: 'r2' })],
      guest,
      request('20:00', '21:00'),
      null,
    ],
    [
      'a user holding two there',
      [held('a', slot('12:00', '13:00')), held('b', slot('14:00', '15:00'))],
      user,
      request('20:00', '21:00'),
      null,
    ],
    [
      'a user holding three there',
      [
        held('a', slot('12:00', '13:00')),
        held('b', slot('14:00', '15:00')),
        held('c', slot('16:00', '17:00')),
      ],
      user,
      request('20:00', '21:00'),
      { code: 'RESERVATION_LIMIT', max: 3 },
    ],
    [
      'three there, one cancelled',
      [
        held('a', slot('12:00', '13:00')),
        held('b', slot('14:00', '15:00')),
        held('c', slot('16:00', '17:00'), { status: 'cancelled' }),
      ],
      user,
      request('20:00', '21:00'),
      null,
    ],
    [
      'only invited to one there (not made by them)',
      [held('a', slot('12:00', '13:00'), { isCreator: false })],
      guest,
      request('20:00', '21:00'),
      null,
    ],
    [
      'the same time elsewhere',
      [held('a', slot('20:30', '21:30'), { restaurantId: 'r2' })],
      user,
      request('20:00', '21:00'),
      { code: 'RESERVATION_OVERLAP', reservationId: 'a' },
    ],
    [
      'the same time, invited',
      [held('a', slot('20:00', '21:00'), { isCreator: false })],
      user,
      request('20:00', '21:00'),
      { code: 'RESERVATION_OVERLAP', reservationId: 'a' },
    ],
    ['back to back', [held('a', slot('19:00', '20:00'))], user, request('20:00', '21:00'), null],
    [
      'overlapping but cancelled',
      [held('a', slot('20:00', '21:00'), { status: 'cancelled' })],
      user,
      request('20:00', '21:00'),
      null,
    ],
    [
      'moving one onto itself',
      [held('a', slot('20:00', '21:00'))],
      guest,
      request('20:30', '21:30', { id: 'a' }),
      null,
    ],
    [
      'moving one onto another',
      [held('a', slot('20:00', '21:00')), held('b', slot('22:00', '23:00'))],
      user,
      request('21:30', '22:30', { id: 'a' }),
      { code: 'RESERVATION_OVERLAP', reservationId: 'b' },
    ],
  ])('%s', (_label, existing, diner, candidate, expected) => {
    const violation = heldReservationsViolation(
      candidate,
      existing,
      DEFAULT_BOOKING_LIMITS,
      diner,
      at('10:00'),
    );
    if (expected === null) expect(violation).toBeNull();
    else expect(violation).toEqual(expected);
  });

  it('forgets reservations that are over', () => {
    const earlier = [held('a', slot('12:00', '13:00'))];
    expect(
      heldReservationsViolation(
        request('20:00', '21:00'),
        earlier,
        DEFAULT_BOOKING_LIMITS,
        guest,
        at('13:00'),
      ),
    ).toBeNull();
    expect(
      heldReservationsViolation(
        request('20:00', '21:00'),
        earlier,
        DEFAULT_BOOKING_LIMITS,
        guest,
        at('12:59'),
      ),
    ).toEqual({
      code: 'RESERVATION_LIMIT',
      max: 1,
    });
  });
});
