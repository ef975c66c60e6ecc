/**
 * The next free slot on the availability answer (docs/product.md#booking-slots) and the public
 * `restaurant:<id>:availability` topic that keeps open booking forms live
 * (docs/product.md#live-topics), against PostgreSQL and a real WebSocket.
 */
import {
  AVAILABILITY_CHANGED_EVENT,
  availabilityTopic,
  type Availability,
  type LiveServerMessage,
} from '@comensal/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { openLiveClient, type LiveTestClient } from '../../test/live.ts';
import { callApi, signInGuest, signUpUser, TEST_ORIGIN, type TestSession } from '../../test/sessions.ts';
import { insertTestRestaurant, NOW, reservationInput, reserve, type TestRestaurant } from './testing.ts';

let t: TestApp;
let baseUrl: string;
let diner: TestSession;
const sockets: LiveTestClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
  diner = await signUpUser(t.app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

async function availability(
  restaurant: TestRestaurant,
  query: Record<string, string>,
): Promise<Availability> {
  const response = await callApi(
    t.app,
    'GET',
    `/api/restaurants/${restaurant.restaurant.id}/availability?${new URLSearchParams(query)}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as Availability;
}

/** Table 10 (6 seats) is the only one for a party of 5: holding it fills the restaurant for them. */
const holdTen = (restaurant: TestRestaurant, date: string, startAt: string, duration = 120) =>
  reserve(
    t.app,
    diner,
    reservationInput(restaurant, { date, startAt, duration, quantity: 5, table: restaurant.ref(10) }),
  );

// NOW is Monday 2026-03-02 12:00 in Santiago; lunch 12:00–16:00, dinner 20:00–02:00, Sunday closed.
describe('nextFree on GET /api/restaurants/:id/availability', () => {
  it('is the asked slot when a table is free then', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    const answer = await availability(restaurant, { date: '2026-03-10', startAt: '13:00', quantity: '5' });
    expect(answer.unavailableReason).toBeNull();
    expect(answer.nextFree).toEqual({ date: '2026-03-10', startAt: '13:00' });
  });

  it('is the end of the reservation holding the only table that fits (back to back)', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    await holdTen(restaurant, '2026-03-10', '12:00', 90);
    const answer = await availability(restaurant, { date: '2026-03-10', startAt: '12:30', quantity: '5' });
    expect(answer.tables.map((table) => [table.number, table.free])).toEqual([[10, false]]);
    expect(answer.nextFree).toEqual({ date: '2026-03-10', startAt: '13:30' });
    // a smaller party has another table at once
    const two = await availability(restaurant, { date: '2026-03-10', startAt: '12:30', quantity: '2' });
    expect(two.nextFree).toEqual({ date: '2026-03-10', startAt: '12:30' });
  });

  it('skips a full lunch to dinner, and a full day to the next open day (Sunday closed)', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    // Saturday 2026-03-14: lunch held 12:00–16:00
    await holdTen(restaurant, '2026-03-14', '12:00');
    await holdTen(restaurant, '2026-03-14', '14:00');
    const lunch = await availability(restaurant, { date: '2026-03-14', startAt: '12:00', quantity: '5' });
    expect(lunch.nextFree).toEqual({ date: '2026-03-14', startAt: '20:00' });
    // …and dinner until 02:00 (after midnight, Sunday's early hours belong to Saturday)
    await holdTen(restaurant, '2026-03-14', '20:00');
    await holdTen(restaurant, '2026-03-14', '22:00');
    await holdTen(restaurant, '2026-03-15', '00:00');
    const day = await availability(restaurant, { date: '2026-03-14', startAt: '12:00', quantity: '5' });
    expect(day.nextFree).toEqual({ date: '2026-03-16', startAt: '12:00' });
  });

  it('answers from the next opening for a closed time, and never before now', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    const closed = await availability(restaurant, { date: '2026-03-10', startAt: '16:30' });
    expect(closed.unavailableReason).toBe('OUTSIDE_OPENING_HOURS');
    expect(closed.nextFree).toEqual({ date: '2026-03-10', startAt: '20:00' });
    const sunday = await availability(restaurant, { date: '2026-03-08', startAt: '13:00' });
    expect(sunday.nextFree).toEqual({ date: '2026-03-09', startAt: '12:00' });
    // 10:00 today is gone (and closed): now is 12:00, which is still bookable
    const past = await availability(restaurant, { date: '2026-03-02', startAt: '10:00' });
    expect(past.nextFree).toEqual({ date: '2026-03-02', startAt: '12:00' });
    // a duration that does not fit at 15:30 moves to where it does
    const long = await availability(restaurant, { date: '2026-03-10', startAt: '15:30', duration: '120' });
    expect(long.unavailableReason).toBe('DURATION_OUTSIDE_WINDOW');
    expect(long.nextFree).toEqual({ date: '2026-03-10', startAt: '20:00' });
  });

  it('is null past the booking horizon and when no table seats the party', async () => {
    const restaurant = await insertTestRestaurant(t.db, {
      bookingLimits: { maxPerUser: 1000, maxPerGuest: 1000, horizonDays: 2 },
    });
    const far = await availability(restaurant, { date: '2026-03-20', startAt: '13:00' });
    expect(far.nextFree).toBeNull();
    const crowd = await availability(restaurant, { date: '2026-03-03', startAt: '13:00', quantity: '7' });
    expect(crowd.tables).toEqual([]);
    expect(crowd.nextFree).toBeNull();
  });
});

describe('restaurant:<id>:availability', () => {
  const eventOf = async (socket: LiveTestClient): Promise<LiveServerMessage> => socket.next();

  it('lets anyone subscribe for an existing restaurant, nobody for another topic id', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    const anonymous = await openLiveClient(baseUrl, { origin: TEST_ORIGIN });
    sockets.push(anonymous);
    const topic = availabilityTopic(restaurant.restaurant.id);
    expect(await anonymous.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    for (const bad of [
      availabilityTopic('00000000-0000-4000-8000-000000000000'),
      availabilityTopic('not-a-uuid'),
    ]) {
      expect(await anonymous.request({ op: 'subscribe', topic: bad })).toMatchObject({
        op: 'error',
        topic: bad,
        code: 'FORBIDDEN',
      });
    }
  });

  it('announces a booking, a move and a cancellation with the restaurant id only', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    const guest = await signInGuest(t.app);
    const viewer = await openLiveClient(baseUrl, { origin: TEST_ORIGIN });
    sockets.push(viewer);
    const topic = availabilityTopic(restaurant.restaurant.id);
    await viewer.request({ op: 'subscribe', topic });
    const expected = {
      topic,
      event: AVAILABILITY_CHANGED_EVENT,
      data: { restaurantId: restaurant.restaurant.id },
    };

    const booked = await reserve(t.app, guest, reservationInput(restaurant, { date: '2026-03-11' }));
    expect(await eventOf(viewer)).toEqual(expected);
    const moved = await callApi(t.app, 'PATCH', `/api/reservations/${booked.id}`, {
      as: guest,
      body: { startAt: '14:00' },
    });
    expect(moved.statusCode).toBe(200);
    expect(await eventOf(viewer)).toEqual(expected);
    const cancelled = await callApi(t.app, 'POST', `/api/reservations/${booked.id}/cancel`, { as: guest });
    expect(cancelled.statusCode).toBe(200);
    expect(await eventOf(viewer)).toEqual(expected);
    // a refused booking (the table is held) publishes nothing
    await reserve(t.app, diner, reservationInput(restaurant, { date: '2026-03-12' }));
    expect(await eventOf(viewer)).toEqual(expected);
    const clash = await callApi(t.app, 'POST', '/api/reservations', {
      as: guest,
      body: reservationInput(restaurant, { date: '2026-03-12' }),
    });
    expect(clash.statusCode).toBe(409);
    expect(await viewer.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });
});
