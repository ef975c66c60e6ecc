/**
 * The reservation rules through the API (docs/product.md#booking-rules): opening windows in the
 * restaurant's zone, durations 15–120 step 15 inside the window, party size and tables, the
 * table clash, pickup and delivery (price computed here), the client record written in the same
 * transaction, and hostile input that must change nothing.
 */
import type { Availability } from '@comensal/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../test/logs.ts';
import {
  clientRecordReservations,
  clientRecords,
  reservationMembers,
  reservations,
} from '../../db/schema.ts';
import { callApi, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { MISSING_IDS_MESSAGE, saveClientRecord } from './save-client-record.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
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
let restaurant: TestRestaurant;
let diner: TestSession;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  restaurant = await insertTestRestaurant(t.db);
  diner = await signUpUser(t.app);
});
afterAll(() => t?.close());

const post = (body: unknown, as: TestSession | null = diner) =>
  callApi(t.app, 'POST', '/api/reservations', { as, body });

async function availability(query: string, restaurantId = restaurant.restaurant.id) {
  const response = await callApi(t.app, 'GET', `/api/restaurants/${restaurantId}/availability?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Availability;
}

async function reservationCount(): Promise<number> {
  const [row] = await t.db.db.select({ value: count() }).from(reservations);
  return row!.value;
}

function expectRule(response: { statusCode: number; json(): unknown }, reason: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: { reason } } });
}

describe('opening windows and durations (restaurant zone)', () => {
  it('offers the durations that end by closing time', async () => {
    // lunch 12:00–16:00, dinner 20:00–02:00 (after midnight), Sunday closed
    expect((await availability(`date=${DAY}&startAt=15:00`)).durations).toEqual([15, 30, 45, 60]);
    expect((await availability(`date=${DAY}&startAt=12:00`)).durations).toEqual([
      15, 30, 45, 60, 75, 90, 105, 120,
    ]);
    expect((await availability(`date=${DAY}&startAt=15:45`)).durations).toEqual([15]);
    // Wednesday 01:30 is in Tuesday's dinner window, which closes at 02:00
    expect((await availability('date=2026-03-11&startAt=01:30')).durations).toEqual([15, 30]);
    const closed = await availability(`date=${DAY}&startAt=16:00`);
    expect(closed).toMatchObject({ durations: [], unavailableReason: 'OUTSIDE_OPENING_HOURS' });
    expect(closed.tables.every((table) => !table.free)).toBe(true);
    // Sunday: closed, except the end of Saturday's dinner
    expect((await availability('date=2026-03-08&startAt=13:00')).durations).toEqual([]);
    expect((await availability('date=2026-03-08&startAt=00:30')).durations).toEqual([15, 30, 45, 60, 75, 90]);
  });

  it('says why a slot cannot be booked', async () => {
    expect(await availability(`date=${DAY}&startAt=15:00&duration=75`)).toMatchObject({
      unavailableReason: 'DURATION_OUTSIDE_WINDOW',
      durations: [15, 30, 45, 60],
    });
    expect(await availability('date=2026-02-28&startAt=13:00')).toMatchObject({
      unavailableReason: 'IN_THE_PAST',
    });
    expect(await availability(`date=${DAY}&startAt=15:00&duration=60`)).toMatchObject({
      unavailableReason: null,
    });
  });

  it('books a slot that ends exactly at closing, including after midnight', async () => {
    const lunch = await reserve(
      t.app,
      diner,
      reservationInput(restaurant, { table: undefined, startAt: '15:00' }),
    );
    expect(lunch.time).toEqual({ start: '2026-03-10T18:00:00.000Z', end: '2026-03-10T19:00:00.000Z' });
    const late = await reserve(
      t.app,
      diner,
      reservationInput(restaurant, { table: undefined, date: '2026-03-11', startAt: '01:30', duration: 30 }),
    );
    expect(late).toMatchObject({ date: '2026-03-11', startAt: '01:30', duration: 30 });
    expect(late.time).toEqual({ start: '2026-03-11T04:30:00.000Z', end: '2026-03-11T05:00:00.000Z' });
  });

  it('refuses a time outside the windows, a duration past closing and a past start', async () => {
    const before = await reservationCount();
    expectRule(await post(reservationInput(restaurant, { startAt: '17:00' })), 'OUTSIDE_OPENING_HOURS');
    expectRule(
      await post(reservationInput(restaurant, { date: '2026-03-08', startAt: '13:00' })),
      'OUTSIDE_OPENING_HOURS',
    );
    const tooLong = await post(reservationInput(restaurant, { startAt: '15:00', duration: 75 }));
    expectRule(tooLong, 'DURATION_OUTSIDE_WINDOW');
    expect(tooLong.json()).toMatchObject({ error: { details: { durations: [15, 30, 45, 60] } } });
    expectRule(
      await post(reservationInput(restaurant, { date: '2026-03-11', startAt: '01:30', duration: 45 })),
      'DURATION_OUTSIDE_WINDOW',
    );
    expectRule(await post(reservationInput(restaurant, { date: '2026-02-28' })), 'IN_THE_PAST');
    expect(await reservationCount()).toBe(before);
  });

  it("reads date and time in the restaurant's own time zone", async () => {
    const madrid = await insertTestRestaurant(t.db, {
      timeZone: 'Europe/Madrid',
      country: 'ES',
      city: 'Madrid',
    });
    const reservation = await reserve(t.app, diner, reservationInput(madrid, { table: undefined }));
    // 13:00 in Madrid (UTC+1 in March) vs 13:00 in Santiago (UTC-3)
    expect(reservation.time.start).toBe('2026-03-10T12:00:00.000Z');
    expect(reservation.restaurant.timeZone).toBe('Europe/Madrid');
  });
});

describe('tables and party size', () => {
  it('lists only the tables that seat the party', async () => {
    const numbers = async (quantity: number) =>
      (await availability(`date=2026-03-12&startAt=13:00&quantity=${quantity}`)).tables.map(
        (table) => table.number,
      );
    expect(await numbers(1)).toEqual([1, 2, 10]);
    expect(await numbers(3)).toEqual([2, 10]);
    expect(await numbers(5)).toEqual([10]);
    expect(await numbers(7)).toEqual([]);
  });

  it('refuses a party larger than the table, and a table of another room or restaurant', async () => {
    const other = await insertTestRestaurant(t.db);
    const before = await reservationCount();
    expectRule(await post(reservationInput(restaurant, { quantity: 5 })), 'TABLE_TOO_SMALL');
    const salon = restaurant.table(1).roomId;
    const terrace = restaurant.table(10);
    expectRule(
      await post(reservationInput(restaurant, { table: { roomId: salon, tableId: terrace.tableId } })),
      'UNKNOWN_TABLE',
    );
    const foreign = other.table(2);
    expectRule(
      await post(
        reservationInput(restaurant, { table: { roomId: foreign.roomId, tableId: foreign.tableId } }),
      ),
      'UNKNOWN_TABLE',
    );
    expect(await reservationCount()).toBe(before);
    const fits = await reserve(
      t.app,
      diner,
      reservationInput(restaurant, { date: '2026-03-13', quantity: 4 }),
    );
    expect(fits.table).toMatchObject({ number: 2, seats: 4, room: { es: 'Salón', en: 'Dining room' } });
  });

  it('takes a table for [start, end): back to back is fine, an overlap is 409 TABLE_TAKEN', async () => {
    const date = '2026-03-14';
    await reserve(t.app, diner, reservationInput(restaurant, { date, startAt: '13:00' }));
    const other = await signInGuest(t.app);
    const overlap = await post(reservationInput(restaurant, { date, startAt: '13:45', duration: 30 }), other);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error.code).toBe('TABLE_TAKEN');
    const inside = await post(reservationInput(restaurant, { date, startAt: '12:00', duration: 120 }), other);
    expect(inside.json().error.code).toBe('TABLE_TAKEN');
    await reserve(t.app, other, reservationInput(restaurant, { date, startAt: '14:00' }));
    await reserve(t.app, other, reservationInput(restaurant, { date, startAt: '12:00' }));
    // another table at the same time is free
    await reserve(
      t.app,
      other,
      reservationInput(restaurant, { date, startAt: '13:00', table: restaurant.ref(1) }),
    );
    const free = await availability(`date=${date}&startAt=13:30&duration=15`);
    expect(free.tables.map((table) => [table.number, table.free])).toEqual([
      [1, false],
      [2, false],
      [10, true],
    ]);
    // back to back is no clash: table 1 is held until 14:00 only, table 2 from 14:00 on
    const after = await availability(`date=${date}&startAt=14:00&duration=60`);
    expect(after.tables.map((table) => [table.number, table.free])).toEqual([
      [1, true],
      [2, false],
      [10, true],
    ]);
  });
});

describe('pickup and delivery', () => {
  const near = { lat: -33.4372 + 0.0045, lng: -70.6506 }; // ≈ 500 m
  const mid = { lat: -33.4372 + 0.018, lng: -70.6506 }; // ≈ 2 km
  const far = { lat: -33.4372 + 0.09, lng: -70.6506 }; // ≈ 10 km
  const address = (location: { lat: number; lng: number }) => ({
    address: { line: 'Calle Falsa 123', city: 'Santiago', location },
  });

  it('records a pickup, when the restaurant offers it', async () => {
    const pickup = await reserve(
      t.app,
      diner,
      reservationInput(restaurant, { table: undefined, pickup: true }),
    );
    expect(pickup).toMatchObject({ kind: 'pickup', pickup: true, table: null, delivery: null });
    const noPickup = await insertTestRestaurant(t.db, { pickup: false });
    expectRule(
      await post(reservationInput(noPickup, { table: undefined, pickup: true })),
      'PICKUP_NOT_OFFERED',
    );
  });

  it('prices a delivery on the server: a fixed price, or the smallest covering zone', async () => {
    const fixed = await insertTestRestaurant(t.db, {
      delivery: { enabled: true, mode: 'fixed', priceMinor: 1990 },
    });
    const byFixed = await reserve(
      t.app,
      diner,
      reservationInput(fixed, { table: undefined, delivery: address(far), ...distinctSlot(40) }),
    );
    expect(byFixed).toMatchObject({ kind: 'delivery', delivery: { priceMinor: 1990 }, table: null });

    const zones = await insertTestRestaurant(t.db, {
      delivery: {
        enabled: true,
        mode: 'zones',
        zones: [
          { radiusMeters: 3000, priceMinor: 2500 },
          { radiusMeters: 1000, priceMinor: 1500 },
          { radiusMeters: 6000, priceMinor: 4000 },
        ],
      },
    });
    // each delivery at another lunch: one diner holds one reservation at a time
    let slot = 40;
    const price = async (location: { lat: number; lng: number }) =>
      (
        await reserve(
          t.app,
          diner,
          reservationInput(zones, {
            table: undefined,
            delivery: address(location),
            ...distinctSlot((slot += 1)),
          }),
        )
      ).delivery?.priceMinor;
    expect(await price(near)).toBe(1500);
    expect(await price(mid)).toBe(2500);

    const before = await reservationCount();
    const out = await post(reservationInput(zones, { table: undefined, delivery: address(far) }));
    expect(out.statusCode).toBe(400);
    expect(out.json().error.code).toBe('DELIVERY_OUT_OF_RANGE');
    expect(await reservationCount()).toBe(before);
  });

  it('refuses a delivery the restaurant does not make, a client price, or no location', async () => {
    expectRule(
      await post(reservationInput(restaurant, { table: undefined, delivery: address(near) })),
      'DELIVERY_NOT_OFFERED',
    );
    const withPrice = await post({
      ...reservationInput(restaurant, { table: undefined }),
      delivery: { ...address(near), priceMinor: 0 },
    });
    expect(withPrice.statusCode).toBe(400);
    const noLocation = await post({
      ...reservationInput(restaurant, { table: undefined }),
      delivery: { address: { line: 'Calle Falsa 123' } },
    });
    expect(noLocation.statusCode).toBe(400);
  });

  it('takes one kind: a table, a pickup or a delivery', async () => {
    expectRule(await post(reservationInput(restaurant, { pickup: true })), 'KIND_CONFLICT');
    expectRule(
      await post(reservationInput(restaurant, { table: undefined, pickup: true, delivery: address(near) })),
      'KIND_CONFLICT',
    );
  });
});

describe('client record (same transaction as the reservation)', () => {
  it('creates the record, then appends each reservation', async () => {
    const guest = await signInGuest(t.app);
    const first = await reserve(t.app, guest, reservationInput(restaurant, { date: '2026-03-16' }));
    const second = await reserve(
      t.app,
      guest,
      reservationInput(restaurant, { table: undefined, pickup: true, date: '2026-03-17' }),
    );
    const records = await t.db.db.select().from(clientRecords).where(eq(clientRecords.userId, guest.userId));
    expect(records).toEqual([expect.objectContaining({ restaurantId: restaurant.restaurant.id })]);
    const entries = await t.db.db
      .select()
      .from(clientRecordReservations)
      .where(eq(clientRecordReservations.userId, guest.userId))
      .orderBy(clientRecordReservations.date);
    expect(entries).toEqual([
      expect.objectContaining({
        reservationId: first.id,
        date: new Date(first.time.start),
        tableNumber: 2,
        delivery: false,
        pickup: false,
      }),
      expect.objectContaining({ reservationId: second.id, tableNumber: null, delivery: false, pickup: true }),
    ]);
  });

  it('writes no record, no member and no reservation when the table is taken', async () => {
    const date = '2026-03-18';
    await reserve(t.app, diner, reservationInput(restaurant, { date }));
    const late = await signInGuest(t.app);
    const clash = await post(reservationInput(restaurant, { date }), late);
    expect(clash.statusCode).toBe(409);
    for (const table of [clientRecords, clientRecordReservations, reservationMembers] as const) {
      const rows = await t.db.db.select({ value: count() }).from(table).where(eq(table.userId, late.userId));
      expect(rows[0]!.value).toBe(0);
    }
  });

  it('saves nothing and logs why without a restaurant or reservation id', async () => {
    const ctx = { db: t.db.db, log: t.app.log };
    const nobody = await signInGuest(t.app);
    const saved = await t.db.db.transaction((tx) =>
      saveClientRecord(ctx, tx, {
        restaurantId: restaurant.restaurant.id,
        reservationId: null,
        userId: nobody.userId,
        date: NOW,
        tableNumber: null,
        delivery: false,
        pickup: false,
      }),
    );
    expect(saved).toBe(false);
    expect(expectErrorLog(MISSING_IDS_MESSAGE)).toHaveLength(1);
    const rows = await t.db.db
      .select({ value: count() })
      .from(clientRecords)
      .where(eq(clientRecords.userId, nobody.userId));
    expect(rows[0]!.value).toBe(0);
  });
});

describe('hostile input', () => {
  it.each([
    ['a malformed restaurant id', { restaurantId: 'not-a-uuid' }],
    ['an unknown field', { price: 0 }],
    ['a negative quantity', { quantity: -2 }],
    ['a zero quantity', { quantity: 0 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['25:00', { startAt: '25:00' }],
    ['a time without minutes', { startAt: '13' }],
    ['duration 17', { duration: 17 }],
    ['duration 0', { duration: 0 }],
    ['duration 135', { duration: 135 }],
    ['30 February', { date: '2026-02-30' }],
    ['a date in another format', { date: '10/03/2026' }],
    [
      'an unknown table field',
      {
        table: {
          roomId: '00000000-0000-4000-8000-000000000000',
          tableId: '00000000-0000-4000-8000-000000000000',
          number: 1,
        },
      },
    ],
    ['a malformed table id', { table: { roomId: 'x', tableId: 'y' } }],
    ['a string quantity', { quantity: '2' }],
    ['a status', { status: 'seated' }],
    ['a createdBy', { createdBy: '00000000-0000-4000-8000-000000000000' }],
    ['comments too long', { comments: 'x'.repeat(501) }],
  ])('answers 400 to %s and creates nothing', async (_label, override) => {
    const before = await reservationCount();
    const response = await post({ ...reservationInput(restaurant), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(await reservationCount()).toBe(before);
  });

  it('answers 404 to an unknown restaurant and 400 to a body that is not JSON', async () => {
    const unknown = await post(
      reservationInput(restaurant, { restaurantId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(404);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { origin: 'http://localhost:3000', cookie: diner.cookie, 'content-type': 'application/json' },
      payload: '{"restaurantId":',
    });
    expect(garbage.statusCode).toBe(400);
    const array = await post([reservationInput(restaurant)]);
    expect(array.statusCode).toBe(400);
  });

  it.each([
    'date=2026-03-10&startAt=25:00',
    'date=2026-03-10&startAt=13:00&duration=17',
    'date=2026-03-10&startAt=13:00&duration=abc',
    'date=2026-03-10&startAt=13:00&quantity=-1',
    'date=2026-03-10&startAt=13:00&quantity=0',
    'date=2026-13-01&startAt=13:00',
    'startAt=13:00',
    'date=2026-03-10&startAt=13:00&evil=1',
  ])('answers 400 to availability?%s', async (query) => {
    const response = await callApi(
      t.app,
      'GET',
      `/api/restaurants/${restaurant.restaurant.id}/availability?${query}`,
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 to malformed reservation ids, never 500', async () => {
    for (const id of [
      'not-a-uuid',
      "1'; DROP TABLE reservations;--",
      '00000000-0000-4000-8000-000000000000',
    ]) {
      const url = `/api/reservations/${encodeURIComponent(id)}`;
      expect((await callApi(t.app, 'GET', url, { as: diner })).statusCode).toBe(404);
      expect((await callApi(t.app, 'PATCH', url, { as: diner, body: { quantity: 1 } })).statusCode).toBe(404);
      expect((await callApi(t.app, 'POST', `${url}/cancel`, { as: diner })).statusCode).toBe(404);
      expect((await callApi(t.app, 'GET', `${url}/ics`, { as: diner })).statusCode).toBe(404);
    }
    expect(await reservationCount()).toBeGreaterThan(0);
  });
});
