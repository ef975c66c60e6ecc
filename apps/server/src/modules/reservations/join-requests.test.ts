/**
 * Join requests (docs/product.md#table-links): a diner at a table whose reservation is current asks
 * its members to let them in; any member accepts (the diner becomes a member in the same
 * transaction) or rejects; the requester may withdraw. Every endpoint × role, allowed and
 * refused (a refusal changes nothing); duplicates under simultaneous asks; two members answering
 * at once; the live events reaching members and the requester, and nobody else.
 */
import {
  JOIN_REQUEST_EVENTS,
  MAX_JOIN_REQUESTS_PER_DINER,
  MAX_PENDING_JOIN_REQUESTS,
  RESERVATION_EVENTS,
  USER_RESERVATIONS_TOPIC,
  reservationTopic,
  type JoinRequest,
  type JoinRequestList,
  type LiveEvent,
  type Reservation,
  type TableLookup,
} from '@comensal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientRecordReservations, joinRequests, reservationMembers, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { openLiveClient, type LiveTestClient } from '../../test/live.ts';
import { callApi, signInGuest, signUpUser, TEST_ORIGIN, type TestSession } from '../../test/sessions.ts';
import {
  distinctSlot,
  insertTestRestaurant,
  joinByInvitation,
  lookupTable,
  NOW,
  reservationInput,
  reserve,
  reserveTable,
  TODAY,
  todayAt,
  walkIn,
  type TestRestaurant,
} from './testing.ts';

let t: TestApp;
let baseUrl: string;
/** The creator, a member, a guest and a user who ask to join, and a stranger. */
let ana: TestSession;
let bea: TestSession;
let guest: TestSession;
let carl: TestSession;
let dani: TestSession;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
  [ana, bea, guest, carl, dani] = await Promise.all([
    signUpUser(t.app, { name: 'Ana Anfitriona' }),
    signUpUser(t.app, { name: 'Bea Miembro' }),
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Carl Solicita' }),
    signUpUser(t.app, { name: 'Dani Extraño' }),
  ]);
});
afterEach(() => t.clock.set(NOW));
afterAll(() => t?.close());

interface Table {
  restaurant: TestRestaurant;
  reservation: Reservation;
}

/**
 * A fresh restaurant whose table 2 has a current reservation of Ana, with Bea in it. Ana is a new
 * account each time: one diner cannot hold two reservations at the same time
 * (docs/product.md#booking-limits).
 */
async function currentTable(): Promise<Table> {
  ana = await signUpUser(t.app, { name: 'Ana Anfitriona' });
  const restaurant = await insertTestRestaurant(t.db);
  const reservation = await reserveTable(t.app, ana, restaurant);
  await joinByInvitation(t.app, ana, bea, reservation.id);
  return { restaurant, reservation };
}

const ask = (reservationId: string, as: TestSession | null) =>
  callApi(t.app, 'POST', `/api/reservations/${reservationId}/join-requests`, { as });
const answer = (id: string, action: 'accept' | 'reject', as: TestSession | null) =>
  callApi(t.app, 'POST', `/api/join-requests/${id}/${action}`, { as });
const withdraw = (id: string, as: TestSession | null) =>
  callApi(t.app, 'DELETE', `/api/join-requests/${id}`, { as });
const readOne = (id: string, as: TestSession | null) =>
  callApi(t.app, 'GET', `/api/join-requests/${id}`, { as });
const listPending = (reservationId: string, as: TestSession | null) =>
  callApi(t.app, 'GET', `/api/reservations/${reservationId}/join-requests`, { as });

/** Asks as `as`; fails the test unless 201. */
async function asked(reservationId: string, as: TestSession): Promise<JoinRequest> {
  const response = await ask(reservationId, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as JoinRequest;
}

const rowsOf = (reservationId: string) =>
  t.db.db.select().from(joinRequests).where(eq(joinRequests.reservationId, reservationId));
const statusOf = async (id: string) =>
  (await t.db.db.select().from(joinRequests).where(eq(joinRequests.id, id)))[0]?.status;
const membersOf = async (reservationId: string) =>
  (
    await t.db.db
      .select({ userId: reservationMembers.userId })
      .from(reservationMembers)
      .where(eq(reservationMembers.reservationId, reservationId))
  )
    .map((row) => row.userId)
    .sort();

/** Concurrent calls over real HTTP, each on its own connection. */
function race(calls: { method: 'POST' | 'DELETE'; path: string; as: TestSession }[]) {
  return Promise.all(
    calls.map(async ({ method, path, as }) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { origin: TEST_ORIGIN, cookie: as.cookie },
      });
      return {
        status: response.status,
        body: (await response.json()) as JoinRequest & { error?: { code: string } },
      };
    }),
  );
}

describe('who may do what', () => {
  type Role = 'anonymous' | 'guest' | 'user' | 'member' | 'creator' | 'requester';
  const ROLES: Role[] = ['anonymous', 'guest', 'user', 'member', 'creator', 'requester'];
  /** guest and user: diners outside the reservation who did not ask; the requester is Carl. */
  const session = (role: Role): TestSession | null =>
    ({ anonymous: null, guest, user: dani, member: bea, creator: ana, requester: carl })[role];

  interface Case {
    endpoint: string;
    call: (table: Table, request: JoinRequest, as: TestSession | null) => ReturnType<typeof callApi>;
    expected: Record<Role, number>;
    /** Codes other than the status's usual one. */
    codes?: Partial<Record<Role, string>>;
  }
  const members = { member: 200, creator: 200 };
  const CASES: Case[] = [
    {
      endpoint: 'GET /api/restaurants/:id/tables/lookup',
      call: ({ restaurant }, _request, as) => lookupTable(t.app, as, restaurant, 'table=2'),
      expected: { anonymous: 401, guest: 200, user: 200, ...members, requester: 200 },
    },
    {
      endpoint: 'POST /api/restaurants/:id/walk-ins',
      call: ({ restaurant }, _request, as) =>
        walkIn(t.app, as, restaurant, { ...restaurant.ref(1), quantity: 2 }),
      // the members already hold a reservation now: not a second one at the same time
      expected: { anonymous: 401, guest: 201, user: 201, member: 409, creator: 409, requester: 201 },
      codes: { member: 'RESERVATION_OVERLAP', creator: 'RESERVATION_OVERLAP' },
    },
    {
      endpoint: 'POST /api/reservations/:id/join-requests',
      call: ({ reservation }, _request, as) => ask(reservation.id, as),
      expected: { anonymous: 401, guest: 201, user: 201, member: 409, creator: 409, requester: 200 },
    },
    {
      endpoint: 'GET /api/reservations/:id/join-requests',
      call: ({ reservation }, _request, as) => listPending(reservation.id, as),
      expected: { anonymous: 401, guest: 403, user: 403, ...members, requester: 403 },
    },
    {
      endpoint: 'GET /api/join-requests/:id',
      call: (_table, request, as) => readOne(request.id, as),
      expected: { anonymous: 401, guest: 403, user: 403, ...members, requester: 200 },
    },
    {
      endpoint: 'POST /api/join-requests/:id/accept',
      call: (_table, request, as) => answer(request.id, 'accept', as),
      expected: { anonymous: 401, guest: 403, user: 403, ...members, requester: 403 },
    },
    {
      endpoint: 'POST /api/join-requests/:id/reject',
      call: (_table, request, as) => answer(request.id, 'reject', as),
      expected: { anonymous: 401, guest: 403, user: 403, ...members, requester: 403 },
    },
    {
      endpoint: 'DELETE /api/join-requests/:id',
      call: (_table, request, as) => withdraw(request.id, as),
      expected: { anonymous: 401, guest: 403, user: 403, member: 403, creator: 403, requester: 200 },
    },
  ];
  const CODES: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 409: 'ALREADY_MEMBER' };

  describe.each(CASES)('$endpoint', ({ call, expected, codes = {} }) => {
    it.each(ROLES)('as %s', async (role) => {
      const table = await currentTable();
      const request = await asked(table.reservation.id, carl);
      const response = await call(table, request, session(role));
      expect(response.statusCode, response.body).toBe(expected[role]);
      if (expected[role] >= 400) {
        expect(response.json().error.code).toBe(codes[role] ?? CODES[expected[role]]);
        // a refusal changes nothing
        expect(await statusOf(request.id)).toBe('pending');
        expect(await membersOf(table.reservation.id)).toEqual([ana.userId, bea.userId].sort());
        expect(await rowsOf(table.reservation.id)).toHaveLength(1);
      }
    });
  });
});

describe('POST /api/reservations/:id/join-requests', () => {
  it('lets a guest ask (201, pending, no e-mail) and answers the same request while it is pending (200)', async () => {
    const { restaurant, reservation } = await currentTable();
    const response = await ask(reservation.id, guest);
    expect(response.statusCode).toBe(201);
    const request = response.json() as JoinRequest;
    expect(request).toEqual({
      id: expect.any(String),
      reservationId: reservation.id,
      restaurantId: restaurant.restaurant.id,
      status: 'pending',
      user: { id: guest.userId, displayName: guest.name, photoURL: null, isGuest: true },
      createdAt: NOW.toISOString(),
      answeredAt: null,
    });
    expect(response.body).not.toContain(guest.email);
    const again = await ask(reservation.id, guest);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(request);
    expect(await rowsOf(reservation.id)).toHaveLength(1);
    const lookup = (await lookupTable(t.app, guest, restaurant, 'table=2')).json() as TableLookup;
    expect(lookup.reservation).toMatchObject({
      isMember: false,
      joinRequest: { id: request.id, status: 'pending' },
    });
  });

  it('leaves one pending request when a diner asks 20 times at once', async () => {
    const { reservation } = await currentTable();
    const outcomes = await race(
      Array.from({ length: 20 }, () => ({
        method: 'POST' as const,
        path: `/api/reservations/${reservation.id}/join-requests`,
        as: carl,
      })),
    );
    expect(outcomes.map((outcome) => outcome.status).sort((a, b) => a - b)).toEqual([
      ...Array<number>(19).fill(200),
      201,
    ]);
    expect(new Set(outcomes.map((outcome) => outcome.body.id)).size).toBe(1);
    const rows = await rowsOf(reservation.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: carl.userId, status: 'pending' });
  });

  it('accepts asks from the moment the reservation is 15 minutes ahead until it ends', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    const later = await reserveTable(t.app, ana, restaurant, { number: 1, startAt: '13:00' });
    const closed = async (reason: string) => {
      const response = await ask(later.id, carl);
      expect(response.statusCode, reason).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'RESERVATION_CLOSED', details: { reason } });
    };
    t.clock.set(todayAt('12:44'));
    await closed('NOT_STARTED');
    t.clock.set(todayAt('12:50'));
    const early = await asked(later.id, carl);
    await answer(early.id, 'reject', ana);
    t.clock.set(todayAt('13:59', 59));
    expect((await ask(later.id, carl)).statusCode).toBe(201);
    t.clock.set(todayAt('14:00'));
    await closed('OVER');
  });

  it('refuses cancelled reservations and those without a table (409 RESERVATION_CLOSED)', async () => {
    const restaurant = await insertTestRestaurant(t.db);
    // one diner holds one reservation at a time: each of these is someone else's
    const host = await signUpUser(t.app, { name: 'Hugo Cancela' });
    const cancelled = await reserveTable(t.app, host, restaurant);
    await callApi(t.app, 'POST', `/api/reservations/${cancelled.id}/cancel`, { as: host });
    const pickup = await reserve(
      t.app,
      await signUpUser(t.app, { name: 'Pia Recoge' }),
      reservationInput(restaurant, { date: TODAY, startAt: '12:00', table: undefined, pickup: true }),
    );
    const noTable = await reserve(
      t.app,
      await signUpUser(t.app, { name: 'Nico Sinmesa' }),
      reservationInput(restaurant, { date: TODAY, startAt: '12:00', table: undefined }),
    );
    for (const [reservation, reason] of [
      [cancelled, 'CANCELLED'],
      [pickup, 'NO_TABLE'],
      [noTable, 'NO_TABLE'],
    ] as const) {
      const response = await ask(reservation.id, carl);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'RESERVATION_CLOSED', details: { reason } });
      expect(await rowsOf(reservation.id)).toHaveLength(0);
    }
  });

  it(`limits a diner to ${MAX_JOIN_REQUESTS_PER_DINER} asks and a reservation to ${MAX_PENDING_JOIN_REQUESTS} pending ones`, async () => {
    const { reservation } = await currentTable();
    for (let index = 0; index < MAX_JOIN_REQUESTS_PER_DINER; index += 1) {
      const request = await asked(reservation.id, carl);
      expect((await answer(request.id, 'reject', ana)).statusCode).toBe(200);
    }
    const tooMany = await ask(reservation.id, carl);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'JOIN_REQUEST_LIMIT' },
    });

    const other = await currentTable();
    const crowd = await t.db.db
      .insert(users)
      .values(
        Array.from({ length: MAX_PENDING_JOIN_REQUESTS }, (_, index) => ({
          name: `Crowd ${index}`,
          email: `crowd-${index}-${other.reservation.id}@example.com`,
        })),
      )
      .returning({ id: users.id });
    await t.db.db
      .insert(joinRequests)
      .values(crowd.map((user) => ({ reservationId: other.reservation.id, userId: user.id })));
    const crowded = await ask(other.reservation.id, carl);
    expect(crowded.statusCode).toBe(409);
    expect(crowded.json().error.details.reason).toBe('JOIN_REQUEST_LIMIT');
    const list = (await listPending(other.reservation.id, ana)).json() as JoinRequestList;
    expect(list.items).toHaveLength(MAX_PENDING_JOIN_REQUESTS);
    expect(list.nextCursor).toBeNull();
  });

  it('answers 404 to unknown or malformed ids, 400 to an id too long — never a 5xx', async () => {
    for (const [id, status] of [
      ['00000000-0000-4000-8000-000000000000', 404],
      ['nope', 404],
      ['\u0000', 404],
      ["'; --", 404],
      ['x'.repeat(101), 400],
    ] as const) {
      expect((await ask(encodeURIComponent(id), carl)).statusCode, id).toBe(status);
      expect((await listPending(encodeURIComponent(id), ana)).statusCode, id).toBe(status);
      for (const response of [
        await readOne(encodeURIComponent(id), carl),
        await answer(encodeURIComponent(id), 'accept', ana),
        await answer(encodeURIComponent(id), 'reject', ana),
        await withdraw(encodeURIComponent(id), carl),
      ]) {
        expect(response.statusCode, id).toBe(status);
      }
    }
  });
});

describe('accepting and rejecting', () => {
  it('accepting makes the requester a member and a client in one go; answering again is 409', async () => {
    const { restaurant, reservation } = await currentTable();
    const request = await asked(reservation.id, guest);
    t.clock.set(todayAt('12:03'));
    const accepted = await answer(request.id, 'accept', bea);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', answeredAt: todayAt('12:03').toISOString() });
    expect(await membersOf(reservation.id)).toEqual([ana.userId, bea.userId, guest.userId].sort());
    const entries = await t.db.db
      .select()
      .from(clientRecordReservations)
      .where(
        and(
          eq(clientRecordReservations.userId, guest.userId),
          eq(clientRecordReservations.reservationId, reservation.id),
        ),
      );
    expect(entries).toEqual([
      expect.objectContaining({ restaurantId: restaurant.restaurant.id, tableNumber: 2 }),
    ]);
    // the newcomer reads the reservation and sees themselves in it from the table link
    const read = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}`, { as: guest });
    expect(read.statusCode).toBe(200);
    expect((read.json() as Reservation).users.map((user) => user.id)).toContain(guest.userId);
    const lookup = (await lookupTable(t.app, guest, restaurant, 'table=2')).json() as TableLookup;
    expect(lookup.reservation).toMatchObject({ isMember: true, joinRequest: null });
    expect((await readOne(request.id, guest)).json().status).toBe('accepted');

    for (const action of ['accept', 'reject'] as const) {
      const again = await answer(request.id, action, ana);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('JOIN_REQUEST_ANSWERED');
    }
    expect(await statusOf(request.id)).toBe('accepted');
    // a member now: asking again is ALREADY_MEMBER
    expect((await ask(reservation.id, guest)).json().error.code).toBe('ALREADY_MEMBER');
  });

  it('rejecting leaves the requester out; they may ask again', async () => {
    const { reservation } = await currentTable();
    const request = await asked(reservation.id, carl);
    const rejected = await answer(request.id, 'reject', ana);
    expect(rejected.json()).toMatchObject({ status: 'rejected', answeredAt: NOW.toISOString() });
    expect(await membersOf(reservation.id)).toEqual([ana.userId, bea.userId].sort());
    expect(
      (await callApi(t.app, 'GET', `/api/reservations/${reservation.id}`, { as: carl })).statusCode,
    ).toBe(403);
    const second = await asked(reservation.id, carl);
    expect(second.id).not.toBe(request.id);
    expect((await listPending(reservation.id, ana)).json().items.map((item: JoinRequest) => item.id)).toEqual(
      [second.id],
    );
  });

  it('refuses to accept once the reservation is cancelled or over (409), and still lets members reject', async () => {
    const { reservation } = await currentTable();
    const toCancel = await asked(reservation.id, carl);
    const toReject = await asked(reservation.id, guest);
    await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: ana });
    const late = await answer(toCancel.id, 'accept', bea);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('RESERVATION_CLOSED');
    expect(await statusOf(toCancel.id)).toBe('pending');
    expect((await answer(toReject.id, 'reject', bea)).statusCode).toBe(200);

    const other = await currentTable();
    const overdue = await asked(other.reservation.id, carl);
    t.clock.set(new Date(other.reservation.time.end));
    expect((await answer(overdue.id, 'accept', ana)).json().error.code).toBe('RESERVATION_CLOSED');
    expect(await membersOf(other.reservation.id)).toEqual([ana.userId, bea.userId].sort());
  });

  it('lets one of two members answering at once win; the other gets 409 JOIN_REQUEST_ANSWERED', async () => {
    const { reservation } = await currentTable();
    const requesters = [carl, guest, dani];
    for (let round = 0; round < 6; round += 1) {
      const requester = requesters[round % requesters.length]!;
      const request = await asked(reservation.id, requester);
      // rounds 0–2: both accept; rounds 3–5: one accepts while the other rejects
      const actions = round < 3 ? (['accept', 'accept'] as const) : (['accept', 'reject'] as const);
      const outcomes = await race([
        { method: 'POST', path: `/api/join-requests/${request.id}/${actions[0]}`, as: ana },
        { method: 'POST', path: `/api/join-requests/${request.id}/${actions[1]}`, as: bea },
      ]);
      const won = outcomes.filter((outcome) => outcome.status === 200);
      const lost = outcomes.filter((outcome) => outcome.status !== 200);
      expect(won, JSON.stringify(outcomes)).toHaveLength(1);
      expect(lost[0]).toMatchObject({ status: 409, body: { error: { code: 'JOIN_REQUEST_ANSWERED' } } });
      const status = won[0]!.body.status;
      expect(await statusOf(request.id)).toBe(status);
      expect((await membersOf(reservation.id)).includes(requester.userId)).toBe(status === 'accepted');
      if (status === 'accepted') {
        await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, { as: requester });
      }
    }
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('GET /api/reservations/:id/join-requests and /api/join-requests/:id', () => {
  it('lists the pending requests oldest first, with names and photos, never e-mails', async () => {
    const { reservation } = await currentTable();
    const first = await asked(reservation.id, carl);
    t.clock.set(new Date(NOW.getTime() + 60_000));
    const second = await asked(reservation.id, guest);
    const third = await asked(reservation.id, dani);
    await withdraw(third.id, dani);
    const response = await listPending(reservation.id, bea);
    expect(response.statusCode).toBe(200);
    const list = response.json() as JoinRequestList;
    expect(list.items.map((item) => [item.id, item.user.displayName, item.user.isGuest])).toEqual([
      [first.id, 'Carl Solicita', false],
      [second.id, guest.name, true],
    ]);
    expect(list.nextCursor).toBeNull();
    for (const email of [carl.email, guest.email]) expect(response.body).not.toContain(email);
    await answer(first.id, 'accept', ana);
    expect(
      ((await listPending(reservation.id, carl)).json() as JoinRequestList).items.map((item) => item.id),
    ).toEqual([second.id]);
  });

  it('shows the requester their request as it changes', async () => {
    const { reservation } = await currentTable();
    const request = await asked(reservation.id, carl);
    expect((await readOne(request.id, carl)).json()).toEqual(request);
    await answer(request.id, 'reject', bea);
    expect((await readOne(request.id, carl)).json()).toMatchObject({ status: 'rejected' });
  });
});

describe('DELETE /api/join-requests/:id', () => {
  it('lets the requester withdraw (again answers the same), and not once a member answered', async () => {
    const { reservation } = await currentTable();
    const request = await asked(reservation.id, carl);
    t.clock.set(todayAt('12:01'));
    const withdrawn = await withdraw(request.id, carl);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      status: 'cancelled',
      answeredAt: todayAt('12:01').toISOString(),
    });
    expect((await withdraw(request.id, carl)).json()).toEqual(withdrawn.json());
    const accept = await answer(request.id, 'accept', ana);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.code).toBe('JOIN_REQUEST_ANSWERED');
    expect(await membersOf(reservation.id)).not.toContain(carl.userId);

    const next = await asked(reservation.id, carl);
    await answer(next.id, 'accept', ana);
    const late = await withdraw(next.id, carl);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('JOIN_REQUEST_ANSWERED');
    expect(await statusOf(next.id)).toBe('accepted');
  });
});

describe('live events of join requests', () => {
  async function subscribed(as: TestSession, topic: string): Promise<LiveTestClient> {
    const socket = await openLiveClient(baseUrl, { origin: TEST_ORIGIN, cookie: as.cookie });
    expect(await socket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    return socket;
  }

  /**
   * Nothing else reached the socket: `mark` publishes a known event to it, which must come next
   * (events leave in commit order, so one published before it would arrive first).
   */
  async function expectNothingBefore(socket: LiveTestClient, mark: () => Promise<unknown>, event: string) {
    await mark();
    expect((await socket.next()) as { event?: string }).toMatchObject({ event });
  }
  /** A call for assistance: `assistance.changed` on the reservation's topic and its members' lists. */
  const assistance = (reservationId: string) => () =>
    callApi(t.app, 'POST', `/api/reservations/${reservationId}/assistance`, { as: ana });
  /**
   * A booking of `as` elsewhere: `reservation.created` on their own list only (a later lunch each
   * time, never at the same time as another of theirs).
   */
  let elsewhere = 0;
  const walkInElsewhere = (as: TestSession) => async () => {
    const restaurant = await insertTestRestaurant(t.db);
    elsewhere += 1;
    await reserve(t.app, as, reservationInput(restaurant, { table: undefined, ...distinctSlot(elsewhere) }));
  };

  it('tells the members of a request and its answer, and the requester of the answer — nobody else', async () => {
    const { reservation } = await currentTable();
    const topic = reservationTopic(reservation.id);
    const member = await subscribed(bea, topic);
    const requester = await subscribed(carl, USER_RESERVATIONS_TOPIC);
    const stranger = await subscribed(dani, USER_RESERVATIONS_TOPIC);
    try {
      expect(await stranger.request({ op: 'subscribe', topic })).toMatchObject({
        op: 'error',
        topic,
        code: 'FORBIDDEN',
      });
      expect(await requester.request({ op: 'subscribe', topic })).toMatchObject({
        op: 'error',
        code: 'FORBIDDEN',
      });

      const request = await asked(reservation.id, carl);
      const data = { joinRequestId: request.id, reservationId: reservation.id };
      expect(await member.next()).toEqual({
        topic,
        event: JOIN_REQUEST_EVENTS.requested,
        data: { ...data, status: 'pending' },
      });
      // asking again while pending publishes nothing
      expect((await ask(reservation.id, carl)).statusCode).toBe(200);

      await answer(request.id, 'accept', ana);
      expect(await member.next()).toEqual({
        topic,
        event: JOIN_REQUEST_EVENTS.answered,
        data: { ...data, status: 'accepted' },
      });
      expect(await member.next()).toEqual({
        topic,
        event: RESERVATION_EVENTS.membersChanged,
        data: { reservationId: reservation.id },
      });
      expect(await requester.next()).toEqual({
        topic: USER_RESERVATIONS_TOPIC,
        event: JOIN_REQUEST_EVENTS.answered,
        data: { ...data, status: 'accepted' },
      });
      expect(await requester.next()).toEqual({
        topic: USER_RESERVATIONS_TOPIC,
        event: RESERVATION_EVENTS.membersChanged,
        data: { reservationId: reservation.id },
      });
      // the newcomer is a member now: the reservation's events reach their list
      await expectNothingBefore(member, assistance(reservation.id), RESERVATION_EVENTS.assistanceChanged);
      expect((await requester.next()) as { event?: string }).toMatchObject({
        event: RESERVATION_EVENTS.assistanceChanged,
      });
      await expectNothingBefore(stranger, walkInElsewhere(dani), RESERVATION_EVENTS.created);
    } finally {
      for (const socket of [member, requester, stranger]) socket.close();
    }
  });

  it('tells the requester of a rejection and a cancelled reservation, and the members of a withdrawal', async () => {
    const { reservation } = await currentTable();
    const topic = reservationTopic(reservation.id);
    const member = await subscribed(ana, topic);
    const requester = await subscribed(guest, USER_RESERVATIONS_TOPIC);
    try {
      const rejected = await asked(reservation.id, guest);
      expect(((await member.next()) as LiveEvent).event).toBe(JOIN_REQUEST_EVENTS.requested);
      await answer(rejected.id, 'reject', bea);
      expect(await requester.next()).toEqual({
        topic: USER_RESERVATIONS_TOPIC,
        event: JOIN_REQUEST_EVENTS.answered,
        data: { joinRequestId: rejected.id, reservationId: reservation.id, status: 'rejected' },
      });
      expect(((await member.next()) as LiveEvent).data).toMatchObject({ status: 'rejected' });

      const withdrawn = await asked(reservation.id, guest);
      expect(((await member.next()) as LiveEvent).event).toBe(JOIN_REQUEST_EVENTS.requested);
      await withdraw(withdrawn.id, guest);
      expect(await member.next()).toEqual({
        topic,
        event: JOIN_REQUEST_EVENTS.cancelled,
        data: { joinRequestId: withdrawn.id, reservationId: reservation.id, status: 'cancelled' },
      });
      await expectNothingBefore(member, assistance(reservation.id), RESERVATION_EVENTS.assistanceChanged);
      await expectNothingBefore(requester, walkInElsewhere(guest), RESERVATION_EVENTS.created);

      // a diner still waiting learns that the reservation was cancelled
      await asked(reservation.id, guest);
      expect(((await member.next()) as LiveEvent).event).toBe(JOIN_REQUEST_EVENTS.requested);
      await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: ana });
      expect(await requester.next()).toEqual({
        topic: USER_RESERVATIONS_TOPIC,
        event: RESERVATION_EVENTS.cancelled,
        data: { reservationId: reservation.id },
      });
    } finally {
      member.close();
      requester.close();
    }
  });
});
