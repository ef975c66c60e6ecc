/**
 * Modifying a reservation keeps its own table (docs/product.md#reservation-states): the
 * availability the modify form reads leaves the reservation's own hold out (`reservationId`, its
 * creator only), so its table is free for the times it may move to — unless someone else holds
 * it then. Anyone else asking so is refused; the slot itself stays public.
 */
import type { Availability, Reservation } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInGuest, signUpVerifiedUser, type TestSession } from '../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { DAY, insertTestRestaurant, NOW, reservationInput, reserve, type TestRestaurant } from './testing.ts';

let t: TestApp;
let restaurant: TestRestaurant;
let creator: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  restaurant = await insertTestRestaurant(t.db);
  creator = await signUpVerifiedUser(t.app, { name: 'Creator' });
  other = await signUpVerifiedUser(t.app, { name: 'Other' });
});
afterAll(() => t?.close());

const availability = (query: Record<string, string>, as: TestSession | null = creator) =>
  callApi(
    t.app,
    'GET',
    `/api/restaurants/${restaurant.restaurant.id}/availability?${new URLSearchParams({ quantity: '2', ...query })}`,
    { as },
  );
const freeOf = async (query: Record<string, string>, table: number) => {
  const response = await availability(query);
  expect(response.statusCode, response.body).toBe(200);
  const { tableId } = restaurant.table(table);
  return (response.json() as Availability).tables.find((candidate) => candidate.tableId === tableId)?.free;
};

let day = 10;
/** A reservation of `creator` at table 2, 13:00–14:00, on a day of its own. */
async function atTable2(): Promise<Reservation> {
  day += 1;
  if (new Date(`2026-03-${day}T12:00:00Z`).getUTCDay() === 0) day += 1;
  return reserve(t.app, creator, reservationInput(restaurant, { date: `2026-03-${day}` }));
}

describe('availability while modifying', () => {
  it("shows the reservation's own table as free for its own time and times it may move to", async () => {
    const reservation = await atTable2();
    const slot = { date: reservation.date, startAt: '13:00', duration: '60' };
    // without saying which reservation is being modified, its own hold counts
    expect(await freeOf(slot, 2)).toBe(false);
    expect(await freeOf({ ...slot, reservationId: reservation.id }, 2)).toBe(true);
    expect(await freeOf({ ...slot, startAt: '13:30', reservationId: reservation.id }, 2)).toBe(true);
    // and the move goes through
    const moved = await callApi(t.app, 'PATCH', `/api/reservations/${reservation.id}`, {
      as: creator,
      body: { startAt: '13:30' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Reservation).table?.tableId).toBe(restaurant.table(2).tableId);
  });

  it('still shows the table taken where someone else holds it', async () => {
    const reservation = await atTable2();
    await reserve(
      t.app,
      other,
      reservationInput(restaurant, { date: reservation.date, startAt: '14:30', duration: 60 }),
    );
    const query = { date: reservation.date, startAt: '13:30', duration: '90', reservationId: reservation.id };
    expect(await freeOf(query, 2)).toBe(false);
    expect(await freeOf({ ...query, duration: '60' }, 2)).toBe(true);
  });

  it('refuses anyone but the creator (403), an unknown or foreign reservation (404), a malformed id (400)', async () => {
    const reservation = await atTable2();
    const query = { date: reservation.date, startAt: '13:00', reservationId: reservation.id };
    for (const as of [null, other, await signInGuest(t.app)]) {
      const response = await availability(query, as);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    expect(
      (await availability({ ...query, reservationId: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await availability({ ...query, reservationId: 'nope' })).statusCode).toBe(400);
    const elsewhere = await insertTestRestaurant(t.db);
    const foreign = await callApi(
      t.app,
      'GET',
      `/api/restaurants/${elsewhere.restaurant.id}/availability?date=${DAY}&startAt=13:00&reservationId=${reservation.id}`,
      { as: creator },
    );
    expect(foreign.statusCode).toBe(404);
    // the slot itself stays public
    expect((await availability({ date: reservation.date, startAt: '13:00' }, null)).statusCode).toBe(200);
  });
});
