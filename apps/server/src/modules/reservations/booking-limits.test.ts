/**
 * The limits against hoarding through the API (docs/product.md#booking-limits): the restaurant's
 * horizon and party sizes, current reservations per diner (fewer for a guest), no two of one
 * diner at the same time — on create and on update, also under simultaneous requests — and the
 * booking and guest sign-in rates per diner and per address, which let forty guests behind one
 * restaurant Wi-Fi in.
 */
import type { Reservation } from '@comensal/contracts';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from '../../config.ts';
import { reservations } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { callApi, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import {
  DAY,
  distinctSlot,
  insertTestRestaurant,
  NOW,
  reservationInput,
  reserve,
  type TestRestaurant,
} from './testing.ts';

let t: TestApp;
/** The defaults of every restaurant: 60 days, 20 people (10 for pickups), 3 per user, 1 per guest. */
let restaurant: TestRestaurant;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  restaurant = await insertTestRestaurant(t.db, { bookingLimits: {}, pickup: true });
});
afterAll(() => t?.close());

const post = (as: TestSession, body: unknown) => callApi(t.app, 'POST', '/api/reservations', { as, body });
const patch = (as: TestSession, id: string, body: unknown) =>
  callApi(t.app, 'PATCH', `/api/reservations/${id}`, { as, body });

async function activeOf(userId: string, restaurantId = restaurant.restaurant.id): Promise<number> {
  const [row] = await t.db.db
    .select({ value: count() })
    .from(reservations)
    .where(
      and(
        eq(reservations.createdBy, userId),
        eq(reservations.restaurantId, restaurantId),
        ne(reservations.status, 'cancelled'),
      ),
    );
  return row!.value;
}

function expectRefused(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error: { code, message: expect.any(String) } });
}

/** Table-less lunch `n` (distinct, never overlapping another). */
const lunch = (n: number, overrides: Parameters<typeof reservationInput>[1] = {}) =>
  reservationInput(restaurant, { table: undefined, ...distinctSlot(n), ...overrides });

describe('the booking horizon', () => {
  it.each([
    ['9999-12-31', '9999-12-31'],
    ['61 days ahead', '2026-05-02'],
  ])('refuses %s (400 BOOKING_TOO_FAR_AHEAD), creating nothing', async (_label, date) => {
    const diner = await signUpUser(t.app);
    const response = await post(diner, lunch(0, { date }));
    expectRefused(response, 400, 'BOOKING_TOO_FAR_AHEAD');
    expect(response.json()).toMatchObject({ error: { details: { maxDays: 60 } } });
    expect(await activeOf(diner.userId)).toBe(0);
  });

  it('takes a booking 60 days ahead, and a restaurant may set another horizon', async () => {
    const diner = await signUpUser(t.app);
    // NOW is 2026-03-02 15:00Z: 2026-04-30 13:00 Santiago is inside 60 days
    await reserve(t.app, diner, lunch(0, { date: '2026-04-30' }));
    const nearOnly = await insertTestRestaurant(t.db, { bookingLimits: { horizonDays: 7 } });
    const refused = await post(diner, reservationInput(nearOnly, { date: '2026-03-10' }));
    expectRefused(refused, 400, 'BOOKING_TOO_FAR_AHEAD');
    expect(refused.json()).toMatchObject({ error: { details: { maxDays: 7 } } });
  });
});

describe('party sizes', () => {
  it('refuses a pickup of 100 and of 11, takes one of 10', async () => {
    const diner = await signUpUser(t.app);
    expectRefused(await post(diner, lunch(0, { pickup: true, quantity: 100 })), 400, 'PARTY_TOO_LARGE');
    const eleven = await post(diner, lunch(0, { pickup: true, quantity: 11 }));
    expectRefused(eleven, 400, 'PARTY_TOO_LARGE');
    expect(eleven.json()).toMatchObject({ error: { details: { max: 10 } } });
    await reserve(t.app, diner, lunch(0, { pickup: true, quantity: 10 }));
  });

  it('refuses a party above the restaurant maximum without a table, and above the table seats', async () => {
    const diner = await signUpUser(t.app);
    expectRefused(await post(diner, lunch(1, { quantity: 21 })), 400, 'PARTY_TOO_LARGE');
    const tooSmall = await post(diner, reservationInput(restaurant, { ...distinctSlot(1), quantity: 5 }));
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toMatchObject({ error: { details: { reason: 'TABLE_TOO_SMALL' } } });
    expect(await activeOf(diner.userId)).toBe(0);
  });
});

describe('current reservations per diner', () => {
  it('lets a guest hold one at the restaurant, then RESERVATION_LIMIT', async () => {
    const guest = await signInGuest(t.app);
    await reserve(t.app, guest, lunch(0));
    const second = await post(guest, lunch(5));
    expectRefused(second, 409, 'RESERVATION_LIMIT');
    expect(second.json()).toMatchObject({ error: { details: { max: 1, isGuest: true } } });
    // another restaurant is another count
    const other = await insertTestRestaurant(t.db, { bookingLimits: {} });
    await reserve(t.app, guest, reservationInput(other, { table: undefined, ...distinctSlot(5) }));
  });

  it('lets a user hold three; a cancelled one frees a place', async () => {
    const user = await signUpUser(t.app);
    const made: Reservation[] = [];
    for (const n of [0, 1, 2]) made.push(await reserve(t.app, user, lunch(n)));
    expectRefused(await post(user, lunch(3)), 409, 'RESERVATION_LIMIT');
    const cancel = await callApi(t.app, 'POST', `/api/reservations/${made[0]!.id}/cancel`, { as: user });
    expect(cancel.statusCode).toBeLessThan(300);
    await reserve(t.app, user, lunch(3));
    expect(await activeOf(user.userId)).toBe(3);
  });

  it('refuses two reservations of one diner at overlapping times (409 RESERVATION_OVERLAP)', async () => {
    const user = await signUpUser(t.app);
    const first = await reserve(t.app, user, lunch(0, { startAt: '13:00', duration: 60 }));
    const overlap = await post(user, lunch(0, { startAt: '13:30', duration: 60 }));
    expectRefused(overlap, 409, 'RESERVATION_OVERLAP');
    expect(overlap.json()).toMatchObject({ error: { details: { reservationId: first.id } } });
    // back to back is fine
    await reserve(t.app, user, lunch(0, { startAt: '14:00', duration: 60 }));
  });
});

describe('updating a reservation', () => {
  it('holds the horizon, the party size and the overlap, changing nothing when refused', async () => {
    const user = await signUpUser(t.app);
    const first = await reserve(t.app, user, lunch(0, { startAt: '12:00' }));
    const pickup = await reserve(t.app, user, lunch(0, { startAt: '14:00', pickup: true, quantity: 2 }));

    expectRefused(await patch(user, first.id, { date: '9999-12-31' }), 400, 'BOOKING_TOO_FAR_AHEAD');
    expectRefused(await patch(user, pickup.id, { quantity: 50 }), 400, 'PARTY_TOO_LARGE');
    expectRefused(await patch(user, first.id, { startAt: '13:30' }), 409, 'RESERVATION_OVERLAP');

    const [row] = await t.db.db.select().from(reservations).where(eq(reservations.id, first.id));
    expect(row!.startsAt.toISOString()).toBe(new Date(`${first.date}T12:00:00-03:00`).toISOString());
    // moving it onto its own time, or elsewhere free, is fine
    const moved = await patch(user, first.id, { startAt: '12:30' });
    expect(moved.statusCode).toBe(200);
  });
});

describe('simultaneous bookings of one diner', () => {
  it('never give a user more than three, whatever the number of requests at once', async () => {
    const user = await signUpUser(t.app);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => post(user, lunch(n))));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expectRefused(answer, 409, 'RESERVATION_LIMIT');
    }
    expect(await activeOf(user.userId)).toBe(3);
  });

  it('never give one diner two overlapping ones, at two restaurants at once', async () => {
    const user = await signUpUser(t.app);
    const others = await Promise.all([1, 2, 3, 4].map(() => insertTestRestaurant(t.db)));
    const answers = await Promise.all(
      others.map((other) =>
        post(user, reservationInput(other, { table: undefined, date: DAY, startAt: '13:00' })),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expectRefused(answer, 409, 'RESERVATION_OVERLAP');
    }
  });

  it('never give a guest more than one', async () => {
    const guest = await signInGuest(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => post(guest, lunch(n))));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(await activeOf(guest.userId)).toBe(1);
  });
});

describe('rates per diner and per address (the default limits)', () => {
  let r: TestApp;
  let dining: TestRestaurant;

  beforeAll(async () => {
    r = await buildTestApp({ now: NOW, config: { abuseLimits: DEFAULT_ABUSE_LIMITS } });
    dining = await insertTestRestaurant(r.db, { bookingLimits: {} });
  });
  afterAll(() => r?.close());

  const WIFI = '203.0.113.40';
  const book = (as: TestSession, n: number, ip = WIFI) =>
    r.app.inject({
      method: 'POST',
      url: '/api/reservations',
      remoteAddress: ip,
      headers: { origin: 'http://localhost:3000', cookie: as.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(reservationInput(dining, { table: undefined, ...distinctSlot(n) })),
    });

  it('lets forty guests arriving together behind one address sign in and each book', async () => {
    const guests = await Promise.all(Array.from({ length: 40 }, () => signInGuest(r.app, { ip: WIFI })));
    expect(new Set(guests.map((guest) => guest.userId)).size).toBe(40);
    const answers = await Promise.all(guests.map((guest, n) => book(guest, n)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(201));
  });

  it('slows one guest down after a burst of attempts (429 RATE_LIMITED with Retry-After)', async () => {
    const guest = await signInGuest(r.app, { ip: '198.51.100.20' });
    const { capacity } = DEFAULT_ABUSE_LIMITS.bookingsPerGuest;
    const statuses: number[] = [];
    for (let n = 0; n <= capacity; n += 1) statuses.push((await book(guest, n, '198.51.100.20')).statusCode);
    // the first is booked, the next ones are over the guest's one reservation, then the rate says no
    expect(statuses).toEqual([201, ...Array(capacity - 1).fill(409), 429]);
    const refused = await book(guest, 7, '198.51.100.20');
    expectRefused(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('caps guest sign-ins from one address past a generous burst, not elsewhere', async () => {
    const ip = '198.51.100.77';
    const { capacity, perMinute } = DEFAULT_ABUSE_LIMITS.guestSignInsPerAddress;
    await Promise.all(Array.from({ length: capacity }, () => signInGuest(r.app, { ip })));
    const refused = await r.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      remoteAddress: ip,
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected, and time refills the bucket
    await signInGuest(r.app, { ip: '198.51.100.78' });
    r.clock.set(new Date(NOW.getTime() + (60 / perMinute) * 1000));
    await signInGuest(r.app, { ip });
    r.clock.set(NOW);
  });

  it('caps bookings from one address past a generous burst', async () => {
    const ip = '198.51.100.99';
    const { capacity } = DEFAULT_ABUSE_LIMITS.bookingsPerAddress;
    const users = await Promise.all(
      Array.from({ length: 21 }, () => signUpUser(r.app, {}, { ip: '192.0.2.1' })),
    );
    let booked = 0;
    let refused = 0;
    // 21 users × 3 attempts each from one address: the address's bucket runs out at `capacity`
    for (const user of users) {
      for (const k of [0, 1, 2]) {
        const answer = await book(user, k, ip);
        if (answer.statusCode === 201) booked += 1;
        else {
          expectRefused(answer, 429, 'RATE_LIMITED');
          refused += 1;
        }
      }
    }
    expect(booked).toBe(capacity);
    expect(refused).toBe(63 - capacity);
  });
});
