/**
 * Every transition of a reservation (docs/product.md#reservation-states): modify (same rules as
 * creation, 409 on a clash), cancel (idempotent, frees the table), leave, assistance and the ready
 * flag; the current and history lists; the .ics file; and the live events each change publishes
 * after its commit.
 */
import {
  RESERVATION_EVENTS,
  reservationTopic,
  USER_RESERVATIONS_TOPIC,
  type Invitation,
  type Reservation,
  type ReservationList,
} from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientRecordReservations, reservations } from '../../db/schema.ts';
import { callApi, signInGuest, signUpVerifiedUser, type TestSession } from '../../test/sessions.ts';
import { nextLiveEvent, openLiveClient, type LiveTestClient } from '../../test/live.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { DAY, insertTestRestaurant, NOW, reservationInput, reserve, type TestRestaurant } from './testing.ts';

let t: TestApp;
let baseUrl: string;
let restaurant: TestRestaurant;
let creator: TestSession;
let friend: TestSession;
const sockets: LiveTestClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
  restaurant = await insertTestRestaurant(t.db);
  creator = await signUpVerifiedUser(t.app, { name: 'Creator', locale: 'es-ES' });
  friend = await signUpVerifiedUser(t.app, { name: 'Friend' });
});
afterEach(() => {
  t.clock.set(NOW);
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t?.close());

let day = 0;
/** A fresh date (Tuesday to Saturday) for each reservation, so tests never clash by accident. */
function nextDate(): string {
  const dates = [
    '10',
    '11',
    '12',
    '13',
    '14',
    '17',
    '18',
    '19',
    '20',
    '21',
    '24',
    '25',
    '26',
    '27',
    '28',
    '31',
  ];
  const date = `2026-03-${dates[day % dates.length]}`;
  day += 1;
  return date;
}

const patch = (id: string, body: unknown, as: TestSession = creator) =>
  callApi(t.app, 'PATCH', `/api/reservations/${id}`, { as, body });
const read = async (id: string, as: TestSession = creator) =>
  (await callApi(t.app, 'GET', `/api/reservations/${id}`, { as })).json() as Reservation;

async function withFriend(reservation: Reservation): Promise<void> {
  const invited = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
    as: creator,
    body: { email: friend.email },
  });
  await callApi(t.app, 'POST', `/api/invitations/${(invited.json() as Invitation).id}/accept`, {
    as: friend,
  });
}

describe('PATCH /api/reservations/:id', () => {
  it('moves the start (keeping the duration) and the end with the duration', async () => {
    const date = nextDate();
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date }));
    const moved = await patch(reservation.id, { startAt: '14:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startAt: '14:00', duration: 60 });
    expect(moved.json().time).toEqual({ start: `${date}T17:00:00.000Z`, end: `${date}T18:00:00.000Z` });
    const longer = await patch(reservation.id, { duration: 90 });
    expect(longer.json().time).toEqual({ start: `${date}T17:00:00.000Z`, end: `${date}T18:30:00.000Z` });
    const otherDay = nextDate();
    const redated = await patch(reservation.id, { date: otherDay, quantity: 3, comments: 'cumpleaños' });
    expect(redated.json()).toMatchObject({
      date: otherDay,
      startAt: '14:00',
      duration: 90,
      quantity: 3,
      comments: 'cumpleaños',
    });
    const cleared = await patch(reservation.id, { comments: null });
    expect(cleared.json().comments).toBeNull();
  });

  it('applies the creation rules: window, duration, party size, table', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    const reasons = [
      [{ startAt: '17:00' }, 'OUTSIDE_OPENING_HOURS'],
      [{ duration: 120, startAt: '15:00' }, 'DURATION_OUTSIDE_WINDOW'],
      [{ date: '2026-02-27' }, 'IN_THE_PAST'],
      [{ quantity: 5 }, 'TABLE_TOO_SMALL'],
      [{ table: { roomId: restaurant.ref(1).roomId, tableId: restaurant.ref(10).tableId } }, 'UNKNOWN_TABLE'],
      [{ table: restaurant.ref(1), quantity: 3 }, 'TABLE_TOO_SMALL'],
    ] as const;
    for (const [body, reason] of reasons) {
      const response = await patch(reservation.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.details.reason).toBe(reason);
    }
    const after = await read(reservation.id);
    expect(after).toMatchObject({ startAt: '13:00', duration: 60, quantity: 2, table: { number: 2 } });
    expect(after.updatedAt).toBe(reservation.updatedAt);
  });

  it('changes the table (or releases it) and keeps the client record in step', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    const moved = await patch(reservation.id, { table: restaurant.ref(10), quantity: 6, startAt: '12:30' });
    expect(moved.json().table).toMatchObject({ number: 10, seats: 6 });
    const [entry] = await t.db.db
      .select()
      .from(clientRecordReservations)
      .where(eq(clientRecordReservations.reservationId, reservation.id));
    expect(entry).toMatchObject({ tableNumber: 10, date: new Date(moved.json().time.start) });
    const released = await patch(reservation.id, { table: null });
    expect(released.json().table).toBeNull();
  });

  it('answers 409 TABLE_TAKEN when the move clashes, and changes nothing', async () => {
    const date = nextDate();
    await reserve(t.app, friend, reservationInput(restaurant, { date, startAt: '13:00' }));
    const mine = await reserve(t.app, creator, reservationInput(restaurant, { date, startAt: '12:00' }));
    const clash = await patch(mine.id, { startAt: '12:30' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('TABLE_TAKEN');
    const longer = await patch(mine.id, { duration: 75 });
    expect(longer.json().error.code).toBe('TABLE_TAKEN');
    expect(await read(mine.id)).toMatchObject({ startAt: '12:00', duration: 60 });
    // moving within its own time never clashes with itself
    const shifted = await patch(mine.id, { startAt: '12:15', duration: 45 });
    expect(shifted.statusCode).toBe(200);
  });

  it('refuses hostile bodies and a cancelled reservation', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    for (const body of [
      {},
      { startAt: '25:00' },
      { duration: 17 },
      { quantity: -1 },
      { status: 'cancelled' },
      { createdBy: friend.userId },
    ]) {
      const response = await patch(reservation.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: creator });
    const closed = await patch(reservation.id, { quantity: 1 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('RESERVATION_CLOSED');
  });
});

describe('POST /api/reservations/:id/cancel', () => {
  it('cancels once, answers the same again, and frees the table at once', async () => {
    const date = nextDate();
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date }));
    const first = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: creator });
    expect(first.json()).toMatchObject({ status: 'cancelled', isCurrent: false });
    const again = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: creator });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const availability = await callApi(
      t.app,
      'GET',
      `/api/restaurants/${restaurant.restaurant.id}/availability?date=${date}&startAt=13:00`,
    );
    expect(availability.json().tables.find((table: { number: number }) => table.number === 2).free).toBe(
      true,
    );
    await reserve(t.app, friend, reservationInput(restaurant, { date }));
  });

  it('refuses to cancel a reservation that is over', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    t.clock.set(new Date(new Date(reservation.time.end).getTime() + 60_000));
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, {
      as: creator,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('RESERVATION_CLOSED');
    const [row] = await t.db.db.select().from(reservations).where(eq(reservations.id, reservation.id));
    expect(row!.status).toBe('confirmed');
  });
});

describe('leave, assistance and the ready flag', () => {
  it('removes a member who leaves; they no longer read it', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    await withFriend(reservation);
    expect((await read(reservation.id)).users.map((user) => user.displayName)).toEqual(['Creator', 'Friend']);
    const left = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, { as: friend });
    expect(left.statusCode).toBe(204);
    expect((await read(reservation.id)).users.map((user) => user.displayName)).toEqual(['Creator']);
    const again = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, { as: friend });
    expect(again.statusCode).toBe(403);
    expect(
      (await callApi(t.app, 'GET', `/api/reservations/${reservation.id}`, { as: friend })).statusCode,
    ).toBe(403);
  });

  it('sets and clears assistance idempotently; no call once cancelled', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    await withFriend(reservation);
    const url = `/api/reservations/${reservation.id}/assistance`;
    t.clock.set(new Date(reservation.time.start)); // a waiter comes while the reservation is on
    expect((await callApi(t.app, 'POST', url, { as: friend })).json().requestedAssistance).toBe(true);
    expect((await callApi(t.app, 'POST', url, { as: friend })).json().requestedAssistance).toBe(true);
    expect((await callApi(t.app, 'DELETE', url, { as: creator })).json().requestedAssistance).toBe(false);
    expect((await callApi(t.app, 'DELETE', url, { as: creator })).json().requestedAssistance).toBe(false);
    await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: creator });
    const closed = await callApi(t.app, 'POST', url, { as: friend });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('RESERVATION_CLOSED');
  });

  it('calls a waiter only from 15 minutes before the start to the end (409 ASSISTANCE_NOT_YET before)', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    await withFriend(reservation);
    const url = `/api/reservations/${reservation.id}/assistance`;
    const start = new Date(reservation.time.start).getTime();
    const opensAt = new Date(start - 15 * 60_000).toISOString();
    for (const early of [NOW.getTime(), start - 16 * 60_000, start - 15 * 60_000 - 1]) {
      t.clock.set(new Date(early));
      const refused = await callApi(t.app, 'POST', url, { as: friend });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { code: 'ASSISTANCE_NOT_YET', details: { opensAt } } });
    }
    expect((await read(reservation.id)).requestedAssistance).toBe(false);
    // clearing is never refused
    expect((await callApi(t.app, 'DELETE', url, { as: friend })).statusCode).toBe(200);
    t.clock.set(new Date(opensAt));
    expect((await callApi(t.app, 'POST', url, { as: friend })).json().requestedAssistance).toBe(true);
    await callApi(t.app, 'DELETE', url, { as: friend });
    t.clock.set(new Date(reservation.time.end));
    expect((await callApi(t.app, 'POST', url, { as: friend })).json()).toMatchObject({
      error: { code: 'RESERVATION_CLOSED' },
    });
  });

  it('lets a member clear the ready flag the kitchen set', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    await withFriend(reservation);
    await t.db.db
      .update(reservations)
      .set({ ordersReadyNotification: true })
      .where(eq(reservations.id, reservation.id));
    expect((await read(reservation.id, friend)).ordersReadyNotification).toBe(true);
    const url = `/api/reservations/${reservation.id}/orders-ready-notification`;
    const cleared = await callApi(t.app, 'DELETE', url, { as: friend });
    expect(cleared.json().ordersReadyNotification).toBe(false);
    expect((await callApi(t.app, 'DELETE', url, { as: friend })).statusCode).toBe(200);
  });
});

describe('GET /api/reservations?scope=current|history', () => {
  it('splits open and past reservations, drops cancelled ones, and pages', async () => {
    const diner = await signInGuest(t.app);
    const dates = ['2026-04-07', '2026-04-08', '2026-04-09'];
    const made: Reservation[] = [];
    for (const date of dates)
      made.push(await reserve(t.app, diner, reservationInput(restaurant, { date, table: undefined })));
    const cancelled = await reserve(
      t.app,
      diner,
      reservationInput(restaurant, { date: '2026-04-10', table: undefined }),
    );
    await callApi(t.app, 'POST', `/api/reservations/${cancelled.id}/cancel`, { as: diner });

    const list = async (query: string) =>
      (await callApi(t.app, 'GET', `/api/reservations?${query}`, { as: diner })).json() as ReservationList;
    const page1 = await list('scope=current&limit=2');
    expect(page1.items.map((item) => item.date)).toEqual(['2026-04-07', '2026-04-08']);
    const page2 = await list(`scope=current&limit=2&cursor=${page1.nextCursor}`);
    expect(page2.items.map((item) => item.date)).toEqual(['2026-04-09']);
    expect(page2.nextCursor).toBeNull();
    expect((await list('scope=history')).items).toEqual([]);

    // the first one is over (the second one still runs: open until its end)
    t.clock.set(new Date('2026-04-08T16:30:00Z'));
    expect((await list('scope=current')).items.map((item) => item.date)).toEqual([
      '2026-04-08',
      '2026-04-09',
    ]);
    expect((await list('scope=history')).items.map((item) => [item.date, item.isCurrent])).toEqual([
      ['2026-04-07', false],
    ]);

    t.clock.set(new Date('2026-05-01T00:00:00Z'));
    const history = await list('scope=history&limit=2');
    expect(history.items.map((item) => item.date)).toEqual(['2026-04-09', '2026-04-08']);
    const rest = await list(`scope=history&limit=2&cursor=${history.nextCursor}`);
    expect(rest.items.map((item) => item.date)).toEqual(['2026-04-07']);
    expect(rest.items.map((item) => item.id)).not.toContain(cancelled.id);

    for (const query of [
      '',
      'scope=all',
      'scope=current&limit=0',
      'scope=current&cursor=nonsense',
      `scope=current&cursor=${history.nextCursor}`,
    ]) {
      const response = await callApi(t.app, 'GET', `/api/reservations?${query}`, { as: diner });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/reservations/:id/ics', () => {
  it('is an RFC 5545 calendar with UTC times, the restaurant and its address', async () => {
    const reservation = await reserve(
      t.app,
      creator,
      reservationInput(restaurant, {
        date: DAY,
        startAt: '20:30',
        duration: 90,
        table: undefined,
        comments: 'Sin gluten; gracias',
      }),
    );
    const response = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/ics`, { as: creator });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="reservation-${reservation.id}.ics"`,
    );
    const body = response.body;
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const lines = body.replace(/\r\n /g, '').split('\r\n');
    const name = restaurant.restaurant.name;
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        `UID:${reservation.id}@localhost`,
        'DTSTAMP:20260302T150000Z',
        // 20:30 in Santiago (UTC-3) for 90 minutes
        'DTSTART:20260310T233000Z',
        'DTEND:20260311T010000Z',
        `SUMMARY:Reserva en ${name}`,
        `LOCATION:${name}\\, Av. Siempre Viva 742\\, Santiago`,
        `DESCRIPTION:2 personas\\nComentarios: Sin gluten\\; gracias\\nhttp://localhost:3000/restaurants/${restaurant.restaurant.id}/reservations/${reservation.id}`,
        'STATUS:CONFIRMED',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    // in English for a diner without Spanish
    await withFriend(reservation);
    const english = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/ics`, { as: friend });
    expect(english.body).toContain(`SUMMARY:Reservation at ${name}`);
    await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: creator });
    const cancelled = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/ics`, { as: creator });
    expect(cancelled.body).toContain('STATUS:CANCELLED');
  });
});

describe('live events (after the commit)', () => {
  const ORIGIN = 'http://localhost:3000';

  it('publishes every change on reservation:<id> and on each member’s list', async () => {
    const created = nextLiveEvent(t.app, `user:${creator.userId}:reservations`);
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    expect(await created).toMatchObject({
      event: RESERVATION_EVENTS.created,
      data: { reservationId: reservation.id },
    });

    const joined = nextLiveEvent(t.app, `user:${friend.userId}:reservations`);
    await withFriend(reservation);
    expect(await joined).toMatchObject({ event: RESERVATION_EVENTS.membersChanged });

    const cases: [string, () => Promise<unknown>][] = [
      [RESERVATION_EVENTS.updated, () => patch(reservation.id, { comments: 'hola' })],
      [
        RESERVATION_EVENTS.assistanceChanged,
        () => {
          t.clock.set(new Date(reservation.time.start)); // a waiter comes while the reservation is on
          return callApi(t.app, 'POST', `/api/reservations/${reservation.id}/assistance`, { as: friend });
        },
      ],
      [
        RESERVATION_EVENTS.assistanceChanged,
        () => callApi(t.app, 'DELETE', `/api/reservations/${reservation.id}/assistance`, { as: friend }),
      ],
      [
        RESERVATION_EVENTS.membersChanged,
        () => callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, { as: friend }),
      ],
      [
        RESERVATION_EVENTS.cancelled,
        () => callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: creator }),
      ],
    ];
    for (const [event, action] of cases) {
      const onTopic = nextLiveEvent(t.app, reservationTopic(reservation.id));
      const onList = nextLiveEvent(t.app, `user:${creator.userId}:reservations`);
      await action();
      expect(await onTopic).toMatchObject({ event, data: { reservationId: reservation.id } });
      expect(await onList).toMatchObject({ event });
    }
  });

  it('publishes nothing for a refused change (the transaction rolled back)', async () => {
    const date = nextDate();
    const mine = await reserve(t.app, creator, reservationInput(restaurant, { date, startAt: '12:00' }));
    await reserve(t.app, friend, reservationInput(restaurant, { date, startAt: '14:00' }));
    const seen: string[] = [];
    const stop = t.app.live.onEvent((message) => {
      if (message.channel === reservationTopic(mine.id)) seen.push(message.event);
    });
    expect((await patch(mine.id, { startAt: '13:30' })).statusCode).toBe(409);
    // a later event on the same topic arrives; the refused one never does
    const marker = nextLiveEvent(t.app, reservationTopic(mine.id));
    await patch(mine.id, { comments: 'marker' });
    await marker;
    stop();
    expect(seen).toEqual([RESERVATION_EVENTS.updated]);
  });

  it('lets only members subscribe to reservation:<id>; user:me:* are per caller', async () => {
    const reservation = await reserve(t.app, creator, reservationInput(restaurant, { date: nextDate() }));
    const outsider = await signUpVerifiedUser(t.app);
    const topic = reservationTopic(reservation.id);

    const anonymous = await openLiveClient(baseUrl, { origin: ORIGIN });
    const stranger = await openLiveClient(baseUrl, { origin: ORIGIN, cookie: outsider.cookie });
    const owner = await openLiveClient(baseUrl, { origin: ORIGIN, cookie: creator.cookie });
    sockets.push(anonymous, stranger, owner);

    expect(await anonymous.request({ op: 'subscribe', topic })).toMatchObject({
      op: 'error',
      code: 'FORBIDDEN',
    });
    expect(await stranger.request({ op: 'subscribe', topic })).toMatchObject({
      op: 'error',
      code: 'FORBIDDEN',
    });
    expect(await anonymous.request({ op: 'subscribe', topic: USER_RESERVATIONS_TOPIC })).toMatchObject({
      op: 'error',
      code: 'FORBIDDEN',
    });
    expect(await owner.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    expect(await owner.request({ op: 'subscribe', topic: USER_RESERVATIONS_TOPIC })).toEqual({
      op: 'subscribed',
      topic: USER_RESERVATIONS_TOPIC,
    });
    expect(await stranger.request({ op: 'subscribe', topic: USER_RESERVATIONS_TOPIC })).toEqual({
      op: 'subscribed',
      topic: USER_RESERVATIONS_TOPIC,
    });

    await patch(reservation.id, { comments: 'live' });
    const received = [await owner.next(), await owner.next()];
    expect(received).toEqual(
      expect.arrayContaining([
        { topic, event: RESERVATION_EVENTS.updated, data: { reservationId: reservation.id } },
        {
          topic: USER_RESERVATIONS_TOPIC,
          event: RESERVATION_EVENTS.updated,
          data: { reservationId: reservation.id },
        },
      ]),
    );
    // the stranger's own list saw nothing of it: the next thing it gets is its own pong
    expect(await stranger.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });
});
