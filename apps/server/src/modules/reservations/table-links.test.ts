/**
 * Table links (docs/product.md#table-links): what `GET …/tables/lookup` answers for a free table, a
 * table with a current reservation (members and others), a reservation 10 minutes ahead, a
 * closed or closing restaurant and links that match nothing; and walk-ins: a table reservation
 * starting at the current minute under the booking rules, refused when the table is held or the
 * restaurant closed, and one winner when diners tap at once.
 */
import type { Reservation, TableLookup } from '@comensal/contracts';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { callApi, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import {
  insertTestRestaurant,
  lookupTable,
  NOW,
  reservationInput,
  reserveTable,
  TODAY,
  todayAt,
  walkIn,
  type TestRestaurant,
} from './testing.ts';

const ALL = [15, 30, 45, 60, 75, 90, 105, 120];
const RACERS = 20;

let t: TestApp;
let baseUrl: string;
let ana: TestSession;
let bea: TestSession;
let guest: TestSession;

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    // the racing guests sign in from one address
    config: { authRateLimit: { ...DEFAULT_AUTH_RATE_LIMIT, perIp: 10_000 } },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bea, guest] = await Promise.all([
    signUpUser(t.app, { name: 'Ana Anfitriona' }),
    signUpUser(t.app, { name: 'Bea' }),
    signInGuest(t.app),
  ]);
});
afterEach(() => t.clock.set(NOW));
afterAll(() => t?.close());

const fresh = () => insertTestRestaurant(t.db);

async function look(restaurant: TestRestaurant, query: string, as: TestSession = bea): Promise<TableLookup> {
  const response = await lookupTable(t.app, as, restaurant, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TableLookup;
}

/** Active reservations at the restaurant's table. */
async function activeAt(restaurant: TestRestaurant, number: number): Promise<number> {
  const [row] = await t.db.db
    .select({ value: count() })
    .from(reservations)
    .where(
      and(eq(reservations.tableId, restaurant.ref(number).tableId), ne(reservations.status, 'cancelled')),
    );
  return row?.value ?? -1;
}

describe('GET /api/restaurants/:id/tables/lookup', () => {
  it('answers a free table by number: no reservation, a walk-in with every duration', async () => {
    const restaurant = await fresh();
    const lookup = await look(restaurant, 'table=2');
    expect(lookup).toEqual({
      restaurantId: restaurant.restaurant.id,
      table: {
        roomId: restaurant.table(2).roomId,
        room: { es: 'Salón', en: 'Dining room' },
        tableId: restaurant.table(2).tableId,
        number: 2,
        seats: 4,
      },
      reservation: null,
      walkIn: { possible: true, reason: null, durations: ALL, defaultDuration: 60 },
    });
  });

  it('finds the table by id, by number in a room, and the first room without one', async () => {
    const restaurant = await insertTestRestaurant(t.db, {
      rooms: [
        { key: 'bar', name: { es: 'Barra', en: 'Bar' }, tables: [{ number: 1, seats: 2 }] },
        { key: 'patio', name: { es: 'Patio', en: 'Patio' }, tables: [{ number: 1, seats: 6 }] },
      ],
    });
    const [bar, patio] = restaurant.rooms;
    expect((await look(restaurant, 'table=1')).table).toMatchObject({ roomId: bar!.id, seats: 2 });
    expect((await look(restaurant, `table=1&room=${patio!.id}`)).table).toMatchObject({
      roomId: patio!.id,
      seats: 6,
    });
    expect((await look(restaurant, `table=${patio!.tables[0]!.id}`)).table.roomId).toBe(patio!.id);
    expect((await look(restaurant, `table=%201%20&room=${bar!.id}`)).table.roomId).toBe(bar!.id);
  });

  it('shows a member the current reservation, and a non-member only that it exists', async () => {
    const restaurant = await fresh();
    const reservation = await reserveTable(t.app, ana, restaurant);
    const mine = await look(restaurant, 'table=2', ana);
    expect(mine.reservation).toEqual({
      id: reservation.id,
      isMember: true,
      date: TODAY,
      startAt: '12:00',
      duration: 60,
      time: reservation.time,
      joinRequest: null,
    });
    expect(mine.walkIn).toEqual({ possible: false, reason: 'TAKEN', durations: [], defaultDuration: null });

    const response = await lookupTable(t.app, bea, restaurant, 'table=2');
    const theirs = response.json() as TableLookup;
    expect(theirs.reservation).toMatchObject({ id: reservation.id, isMember: false, joinRequest: null });
    expect(theirs.walkIn.reason).toBe('TAKEN');
    expect(Object.keys(theirs.reservation!).sort()).toEqual(
      ['date', 'duration', 'id', 'isMember', 'joinRequest', 'startAt', 'time'].sort(),
    );
    for (const secret of [ana.email, ana.name, ana.userId]) expect(response.body).not.toContain(secret);
    // another table of the same restaurant is free
    expect((await look(restaurant, 'table=1')).reservation).toBeNull();
  });

  it('counts a reservation 10 minutes ahead as current, one 16 minutes ahead not (it shortens the walk-in)', async () => {
    const restaurant = await fresh();
    const reservation = await reserveTable(t.app, ana, restaurant, { number: 1, startAt: '13:00' });
    t.clock.set(todayAt('12:50'));
    expect((await look(restaurant, 'table=1')).reservation?.id).toBe(reservation.id);
    t.clock.set(todayAt('12:45'));
    expect((await look(restaurant, 'table=1')).reservation?.id).toBe(reservation.id);
    t.clock.set(todayAt('12:44', 59));
    expect(await look(restaurant, 'table=1')).toMatchObject({
      reservation: null,
      walkIn: { possible: true, durations: [15], defaultDuration: 15 },
    });
    t.clock.set(todayAt('12:29'));
    expect((await look(restaurant, 'table=1')).walkIn).toMatchObject({
      durations: [15, 30],
      defaultDuration: 30,
    });
    // over: the table is free again
    t.clock.set(todayAt('14:00'));
    expect((await look(restaurant, 'table=1')).reservation).toBeNull();
  });

  it('ignores a cancelled reservation', async () => {
    const restaurant = await fresh();
    // someone new: Ana already holds a reservation now (one at a time, docs/product.md#booking-limits)
    const host = await signUpUser(t.app, { name: 'Hugo Cancela' });
    const reservation = await reserveTable(t.app, host, restaurant);
    await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: host });
    expect((await look(restaurant, 'table=2')).reservation).toBeNull();
  });

  it('says when no walk-in can start: closed, or closing in less than 15 minutes', async () => {
    const restaurant = await fresh();
    t.clock.set(todayAt('16:00'));
    expect((await look(restaurant, 'table=2')).walkIn).toEqual({
      possible: false,
      reason: 'CLOSED',
      durations: [],
      defaultDuration: null,
    });
    t.clock.set(new Date('2026-03-08T15:00:00Z')); // Sunday: closed all day
    expect((await look(restaurant, 'table=2')).walkIn.reason).toBe('CLOSED');
    t.clock.set(todayAt('15:50'));
    expect((await look(restaurant, 'table=2')).walkIn).toMatchObject({ possible: false, reason: 'CLOSING' });
    t.clock.set(todayAt('15:40'));
    expect((await look(restaurant, 'table=2')).walkIn).toEqual({
      possible: true,
      reason: null,
      durations: [15],
      defaultDuration: 15,
    });
  });

  it('answers 404 for links that match nothing and 400 for malformed queries, never a 5xx', async () => {
    const restaurant = await fresh();
    const other = await fresh();
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const query of [
      'table=3',
      'table=03',
      'table=abc',
      'table=-1',
      'table=2.0',
      'table=99999999999999999999',
      'table=%00',
      `table=${'9'.repeat(100)}`,
      `table=${unknown}`,
      `table=${other.ref(2).tableId}`,
      `table=2&room=${unknown}`,
      `table=2&room=${other.ref(2).roomId}`,
      `table=10&room=${restaurant.ref(2).roomId}`,
      'table=2&room=nope',
      'table=2&room=%00',
    ]) {
      const response = await lookupTable(t.app, bea, restaurant, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json().error.code, query).toBe('NOT_FOUND');
    }
    for (const query of [
      '',
      'room=x',
      'table=',
      `table=${'9'.repeat(101)}`,
      'table=2&seats=4',
      'table=2&table=3',
    ]) {
      const response = await lookupTable(t.app, bea, restaurant, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('VALIDATION_FAILED');
    }
    for (const id of [unknown, 'nope', '%00']) {
      const response = await callApi(t.app, 'GET', `/api/restaurants/${id}/tables/lookup?table=2`, {
        as: bea,
      });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('needs a session (401), and lets guests and users look', async () => {
    const restaurant = await fresh();
    const anonymous = await lookupTable(t.app, null, restaurant, 'table=2');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    expect((await lookupTable(t.app, guest, restaurant, 'table=2')).statusCode).toBe(200);
  });
});

describe('POST /api/restaurants/:id/walk-ins', () => {
  it('starts a table reservation at the current minute (seconds dropped), 60 minutes by default', async () => {
    const restaurant = await fresh();
    t.clock.set(todayAt('12:07', 42));
    const response = await walkIn(t.app, guest, restaurant, { ...restaurant.ref(2), quantity: 3 });
    expect(response.statusCode, response.body).toBe(201);
    const reservation = response.json() as Reservation;
    expect(reservation).toMatchObject({
      date: TODAY,
      startAt: '12:07',
      duration: 60,
      time: { start: todayAt('12:07').toISOString(), end: todayAt('13:07').toISOString() },
      quantity: 3,
      kind: 'table',
      status: 'confirmed',
      isCurrent: true,
      table: { number: 2, seats: 4 },
      createdBy: guest.userId,
      users: [expect.objectContaining({ id: guest.userId, isCreator: true, isGuest: true })],
    });
    // the table now shows it, and the diner is in it
    expect((await look(restaurant, 'table=2', guest)).reservation).toMatchObject({
      id: reservation.id,
      isMember: true,
    });
  });

  it('allows the current minute to a walk-in while booking it normally stays "in the past"', async () => {
    const restaurant = await fresh();
    t.clock.set(todayAt('12:30', 1));
    const booking = await callApi(t.app, 'POST', '/api/reservations', {
      as: bea,
      body: reservationInput(restaurant, { date: TODAY, startAt: '12:30', table: restaurant.ref(1) }),
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().error.details.reason).toBe('IN_THE_PAST');
    const walked = await walkIn(t.app, bea, restaurant, { ...restaurant.ref(1), quantity: 2, duration: 90 });
    expect(walked.statusCode, walked.body).toBe(201);
    expect(walked.json()).toMatchObject({ startAt: '12:30', duration: 90 });
  });

  it('starts at the right instant in the hour a clock change repeats', async () => {
    const restaurant = await fresh();
    // Saturday 2026-04-04: Santiago goes back from 24:00 to 23:00; this is the second 23:30
    t.clock.set(new Date('2026-04-05T03:30:20Z'));
    const response = await walkIn(t.app, bea, restaurant, {
      ...restaurant.ref(2),
      quantity: 2,
      duration: 30,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      date: '2026-04-04',
      startAt: '23:30',
      time: { start: '2026-04-05T03:30:00.000Z', end: '2026-04-05T04:00:00.000Z' },
    });
  });

  it('takes what fits until closing, and refuses a duration past it or a closed restaurant', async () => {
    const restaurant = await fresh();
    t.clock.set(todayAt('15:20'));
    const short = await walkIn(t.app, bea, restaurant, { ...restaurant.ref(2), quantity: 2 });
    expect(short.statusCode, short.body).toBe(201);
    expect(short.json()).toMatchObject({ startAt: '15:20', duration: 30 });

    const tooLong = await walkIn(t.app, bea, restaurant, { ...restaurant.ref(1), quantity: 2, duration: 60 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'DURATION_OUTSIDE_WINDOW', durations: [15, 30] },
    });

    for (const closed of [todayAt('16:00'), todayAt('15:50')]) {
      t.clock.set(closed);
      const response = await walkIn(t.app, bea, restaurant, { ...restaurant.ref(1), quantity: 2 });
      expect(response.statusCode).toBe(400);
      expect(['OUTSIDE_OPENING_HOURS', 'DURATION_OUTSIDE_WINDOW']).toContain(
        response.json().error.details.reason,
      );
    }
    t.clock.set(new Date('2026-03-08T15:00:00Z')); // Sunday
    const sunday = await walkIn(t.app, bea, restaurant, { ...restaurant.ref(1), quantity: 2 });
    expect(sunday.json().error.details).toMatchObject({ reason: 'OUTSIDE_OPENING_HOURS', durations: [] });
    expect(await activeAt(restaurant, 1)).toBe(0);
  });

  it('refuses a table a current reservation holds (409 TABLE_TAKEN) and ends by the next one', async () => {
    const restaurant = await fresh();
    const host = await signUpUser(t.app, { name: 'Hugo Reserva' });
    const walker = await signUpUser(t.app, { name: 'Wally Llega' });
    await reserveTable(t.app, host, restaurant, { number: 2 });
    await reserveTable(t.app, host, restaurant, { number: 1, startAt: '13:00' });
    t.clock.set(todayAt('12:50'));
    for (const number of [2, 1]) {
      const response = await walkIn(t.app, walker, restaurant, { ...restaurant.ref(number), quantity: 2 });
      expect(response.statusCode, `table ${number}`).toBe(409);
      expect(response.json().error.code).toBe('TABLE_TAKEN');
    }
    t.clock.set(todayAt('12:29'));
    const longer = await walkIn(t.app, walker, restaurant, {
      ...restaurant.ref(1),
      quantity: 2,
      duration: 60,
    });
    expect(longer.statusCode).toBe(409);
    expect(longer.json().error.code).toBe('TABLE_TAKEN');
    const fits = await walkIn(t.app, walker, restaurant, { ...restaurant.ref(1), quantity: 2 });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json()).toMatchObject({ startAt: '12:29', duration: 30 });
    expect(await activeAt(restaurant, 1)).toBe(2);
    expect(await activeAt(restaurant, 2)).toBe(1);
  });

  it('applies the table rules: seats and the restaurant’s own tables', async () => {
    const restaurant = await fresh();
    const other = await fresh();
    const cases: [unknown, string][] = [
      [{ ...restaurant.ref(1), quantity: 3 }, 'TABLE_TOO_SMALL'],
      [{ ...other.ref(1), quantity: 2 }, 'UNKNOWN_TABLE'],
      [
        { roomId: restaurant.ref(1).roomId, tableId: restaurant.ref(10).tableId, quantity: 2 },
        'UNKNOWN_TABLE',
      ],
    ];
    for (const [body, reason] of cases) {
      const response = await walkIn(t.app, bea, restaurant, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details.reason).toBe(reason);
    }
    expect(await activeAt(restaurant, 1)).toBe(0);
  });

  it('answers 400 to malformed bodies, 404 to unknown restaurants, 401 without a session — writing nothing', async () => {
    const restaurant = await fresh();
    const table = restaurant.ref(2);
    for (const body of [
      {},
      { ...table },
      { ...table, quantity: 0 },
      { ...table, quantity: 101 },
      { ...table, quantity: 1e308 },
      { ...table, quantity: '2' },
      { ...table, quantity: 2, duration: 17 },
      { ...table, quantity: 2, duration: 135 },
      { ...table, quantity: 2, startAt: '12:00' },
      { ...table, quantity: 2, restaurantId: restaurant.restaurant.id },
      { roomId: 'nope', tableId: table.tableId, quantity: 2 },
      { roomId: table.roomId, tableId: `${table.tableId}\u0000`, quantity: 2 },
    ]) {
      const response = await walkIn(t.app, bea, restaurant, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '%00']) {
      const response = await callApi(t.app, 'POST', `/api/restaurants/${id}/walk-ins`, {
        as: bea,
        body: { ...table, quantity: 2 },
      });
      expect(response.statusCode, id).toBe(404);
    }
    const anonymous = await walkIn(t.app, null, restaurant, { ...table, quantity: 2 });
    expect(anonymous.statusCode).toBe(401);
    expect(await activeAt(restaurant, 2)).toBe(0);
  });

  it(`lets one of ${RACERS} diners tapping at once have the table; the others get 409 TABLE_TAKEN`, async () => {
    const restaurant = await fresh();
    const racers = await Promise.all(Array.from({ length: RACERS }, () => signInGuest(t.app)));
    t.clock.set(todayAt('12:10', 30));
    const outcomes = await Promise.all(
      racers.map(async (racer) => {
        const response = await fetch(`${baseUrl}/api/restaurants/${restaurant.restaurant.id}/walk-ins`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: racer.cookie },
          body: JSON.stringify({ ...restaurant.ref(2), quantity: 2 }),
        });
        return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === 201)).toHaveLength(1);
    const lost = outcomes.filter((outcome) => outcome.status !== 201);
    expect(lost).toHaveLength(RACERS - 1);
    for (const outcome of lost)
      expect(outcome).toMatchObject({ status: 409, body: { error: { code: 'TABLE_TAKEN' } } });
    expect(await activeAt(restaurant, 2)).toBe(1);
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
