/**
 * The roles of docs/product.md#permissions, endpoint by endpoint: anonymous (no session), guest
 * (better-auth anonymous sign-in) and signed-in user who are not members, a member (joined by
 * invitation) and the creator. Every endpoint has its allow and deny cases; a denied call changes
 * nothing.
 */
import type { Invitation, Reservation, ReservationInvitationSummary } from '@comensal/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInGuest, signUpVerifiedUser, type TestSession } from '../../test/sessions.ts';
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
let creator: TestSession;
let member: TestSession;
let guest: TestSession;
let outsider: TestSession;

type Role = 'anonymous' | 'guest' | 'outsider' | 'member' | 'creator';
const as = (role: Role): TestSession | null => ({ anonymous: null, guest, outsider, member, creator })[role];

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  restaurant = await insertTestRestaurant(t.db);
  [creator, member, guest, outsider] = await Promise.all([
    signUpVerifiedUser(t.app, { name: 'Creator' }),
    signUpVerifiedUser(t.app, { name: 'Member' }),
    signInGuest(t.app),
    signUpVerifiedUser(t.app, { name: 'Outsider' }),
  ]);
});
afterEach(() => t.clock.set(NOW));
afterAll(() => t?.close());

let slot = 0;
/** A fresh reservation of `creator` (no table, so they never clash) with `member` in it. */
async function setUp(): Promise<Reservation> {
  slot += 1;
  const reservation = await reserve(
    t.app,
    creator,
    reservationInput(restaurant, { table: undefined, ...distinctSlot(slot) }),
  );
  const invited = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
    as: creator,
    body: { email: member.email },
  });
  expect(invited.statusCode).toBe(201);
  const accepted = await callApi(
    t.app,
    'POST',
    `/api/invitations/${(invited.json() as Invitation).id}/accept`,
    {
      as: member,
    },
  );
  expect(accepted.statusCode).toBe(200);
  return reservation;
}

const read = async (id: string) =>
  (await callApi(t.app, 'GET', `/api/reservations/${id}`, { as: creator })).json() as Reservation;

const DENIED: Record<Exclude<Role, 'member' | 'creator'>, { status: number; code: string }> = {
  anonymous: { status: 401, code: 'UNAUTHENTICATED' },
  guest: { status: 403, code: 'FORBIDDEN' },
  outsider: { status: 403, code: 'FORBIDDEN' },
};

describe('GET /api/restaurants/:id/availability (public)', () => {
  it.each(['anonymous', 'guest', 'outsider', 'member', 'creator'] as Role[])('answers %s', async (role) => {
    const response = await callApi(
      t.app,
      'GET',
      `/api/restaurants/${restaurant.restaurant.id}/availability?date=${DAY}&startAt=13:00`,
      { as: as(role) },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().tables).toHaveLength(3);
  });

  it('answers 404 for an unknown restaurant', async () => {
    const response = await callApi(
      t.app,
      'GET',
      `/api/restaurants/00000000-0000-4000-8000-000000000000/availability?date=${DAY}&startAt=13:00`,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/reservations', () => {
  it('refuses an anonymous caller (401) and creates nothing', async () => {
    const response = await callApi(t.app, 'POST', '/api/reservations', {
      body: reservationInput(restaurant),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    const availability = await callApi(
      t.app,
      'GET',
      `/api/restaurants/${restaurant.restaurant.id}/availability?date=${DAY}&startAt=13:00`,
    );
    expect(availability.json().tables.every((table: { free: boolean }) => table.free)).toBe(true);
  });

  it.each(['guest', 'outsider'] as Role[])('lets a %s reserve, as creator and first member', async (role) => {
    const session = as(role)!;
    const reservation = await reserve(
      t.app,
      session,
      reservationInput(restaurant, { table: undefined, date: '2026-03-11' }),
    );
    expect(reservation.createdBy).toBe(session.userId);
    expect(reservation.users).toEqual([
      expect.objectContaining({ id: session.userId, isCreator: true, isGuest: role === 'guest' }),
    ]);
  });
});

describe('GET /api/reservations', () => {
  it('refuses an anonymous caller', async () => {
    const response = await callApi(t.app, 'GET', '/api/reservations?scope=current');
    expect(response.statusCode).toBe(401);
  });

  it('lists only the caller’s own reservations', async () => {
    const reservation = await setUp();
    const ids = async (role: Role) =>
      (
        (await callApi(t.app, 'GET', '/api/reservations?scope=current', { as: as(role) })).json() as {
          items: Reservation[];
        }
      ).items.map((item) => item.id);
    expect(await ids('creator')).toContain(reservation.id);
    expect(await ids('member')).toContain(reservation.id);
    expect(await ids('outsider')).not.toContain(reservation.id);
    expect(await ids('guest')).not.toContain(reservation.id);
  });
});

describe('GET /api/reservations/:id', () => {
  it.each(['member', 'creator'] as Role[])('lets the %s read it', async (role) => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}`, { as: as(role) });
    expect(response.statusCode).toBe(200);
    expect(response.json().users.map((user: { id: string }) => user.id)).toEqual([
      creator.userId,
      member.userId,
    ]);
  });

  it.each(['anonymous', 'guest', 'outsider'] as const)('refuses %s', async (role) => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}`, { as: as(role) });
    expect(response.statusCode).toBe(DENIED[role].status);
    expect(response.json().error.code).toBe(DENIED[role].code);
    expect(response.body).not.toContain(member.userId);
  });
});

describe('PATCH /api/reservations/:id and POST …/cancel (creator only)', () => {
  it('lets the creator change and cancel it', async () => {
    const reservation = await setUp();
    const patched = await callApi(t.app, 'PATCH', `/api/reservations/${reservation.id}`, {
      as: creator,
      body: { comments: 'window seat' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().comments).toBe('window seat');
    const cancelled = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, {
      as: creator,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });

  it.each(['anonymous', 'guest', 'outsider', 'member'] as Role[])(
    'refuses %s, changing nothing',
    async (role) => {
      const reservation = await setUp();
      const patched = await callApi(t.app, 'PATCH', `/api/reservations/${reservation.id}`, {
        as: as(role),
        body: { comments: 'mine now', quantity: 3 },
      });
      const cancelled = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, {
        as: as(role),
      });
      const expected = role === 'anonymous' ? 401 : 403;
      expect(patched.statusCode).toBe(expected);
      expect(cancelled.statusCode).toBe(expected);
      const after = await read(reservation.id);
      expect(after).toMatchObject({ comments: null, quantity: 2, status: 'confirmed' });
    },
  );
});

describe('POST /api/reservations/:id/leave', () => {
  it('lets a member leave', async () => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, {
      as: member,
    });
    expect(response.statusCode).toBe(204);
    expect((await read(reservation.id)).users.map((user) => user.id)).toEqual([creator.userId]);
  });

  it('refuses the creator with CREATOR_CANNOT_LEAVE', async () => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, {
      as: creator,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CREATOR_CANNOT_LEAVE');
    expect((await read(reservation.id)).users).toHaveLength(2);
  });

  it.each(['anonymous', 'guest', 'outsider'] as const)('refuses %s', async (role) => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/leave`, {
      as: as(role),
    });
    expect(response.statusCode).toBe(DENIED[role].status);
    expect((await read(reservation.id)).users).toHaveLength(2);
  });
});

describe('assistance and the ready flag (members)', () => {
  it.each(['member', 'creator'] as Role[])(
    'lets the %s call and clear assistance and clear the ready flag',
    async (role) => {
      const reservation = await setUp();
      const url = `/api/reservations/${reservation.id}`;
      t.clock.set(new Date(reservation.time.start)); // a waiter comes while the reservation is on
      const called = await callApi(t.app, 'POST', `${url}/assistance`, { as: as(role) });
      expect(called.statusCode).toBe(200);
      expect(called.json().requestedAssistance).toBe(true);
      const cleared = await callApi(t.app, 'DELETE', `${url}/assistance`, { as: as(role) });
      expect(cleared.json().requestedAssistance).toBe(false);
      const ready = await callApi(t.app, 'DELETE', `${url}/orders-ready-notification`, { as: as(role) });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().ordersReadyNotification).toBe(false);
    },
  );

  it.each(['anonymous', 'guest', 'outsider'] as const)('refuses %s, changing nothing', async (role) => {
    const reservation = await setUp();
    const url = `/api/reservations/${reservation.id}`;
    for (const [method, path] of [
      ['POST', '/assistance'],
      ['DELETE', '/assistance'],
      ['DELETE', '/orders-ready-notification'],
    ] as const) {
      const response = await callApi(t.app, method, `${url}${path}`, { as: as(role) });
      expect(response.statusCode).toBe(DENIED[role].status);
    }
    expect((await read(reservation.id)).requestedAssistance).toBe(false);
  });
});

describe('GET /api/reservations/:id/invitation (public summary)', () => {
  it.each(['anonymous', 'guest', 'outsider', 'member', 'creator'] as Role[])(
    'answers %s without members or e-mails',
    async (role) => {
      const reservation = await setUp();
      const response = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/invitation`, {
        as: as(role),
      });
      expect(response.statusCode).toBe(200);
      const summary = response.json() as ReservationInvitationSummary;
      expect(summary).toMatchObject({
        reservationId: reservation.id,
        quantity: 2,
        inviter: { displayName: 'Creator' },
        restaurant: { name: restaurant.restaurant.name },
      });
      expect(summary.viewer).toEqual(
        role === 'anonymous'
          ? null
          : expect.objectContaining({ isMember: role === 'member' || role === 'creator' }),
      );
      for (const secret of [member.email, creator.email, member.userId, 'users']) {
        expect(response.body).not.toContain(secret);
      }
    },
  );

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await callApi(t.app, 'GET', `/api/reservations/${id}/invitation`);
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('GET /api/reservations/:id/ics (members)', () => {
  it.each(['member', 'creator'] as Role[])('gives the %s the calendar file', async (role) => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/ics`, { as: as(role) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it.each(['anonymous', 'guest', 'outsider'] as const)('refuses %s', async (role) => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/ics`, { as: as(role) });
    expect(response.statusCode).toBe(DENIED[role].status);
    expect(response.body).not.toContain('BEGIN:VCALENDAR');
  });
});

describe('POST /api/reservations/:id/invitations (creator only)', () => {
  it('lets the creator invite', async () => {
    const reservation = await setUp();
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
      as: creator,
      body: { email: 'friend@example.com' },
    });
    expect(response.statusCode).toBe(201);
  });

  it.each(['anonymous', 'guest', 'outsider', 'member'] as Role[])(
    'refuses %s, inviting nobody',
    async (role) => {
      const reservation = await setUp();
      const email = `never-${role}@example.com`;
      const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
        as: as(role),
        body: { email },
      });
      expect(response.statusCode).toBe(role === 'anonymous' ? 401 : 403);
      const invitee = await signUpVerifiedUser(t.app, { email });
      const list = await callApi(t.app, 'GET', '/api/invitations?scope=current', { as: invitee });
      expect(list.json().items).toEqual([]);
    },
  );
});

describe('GET /api/invitations', () => {
  it('refuses an anonymous caller', async () => {
    expect((await callApi(t.app, 'GET', '/api/invitations?scope=current')).statusCode).toBe(401);
  });

  it.each(['guest', 'outsider', 'member'] as Role[])(
    'answers the %s their own invitations only',
    async (role) => {
      const reservation = await setUp();
      // every invitation here shares the fixed clock's createdAt, so the order among them is by id:
      // read the whole list (the member gets one per setUp, fewer than 100 in this file)
      const response = await callApi(t.app, 'GET', '/api/invitations?scope=history&limit=100', {
        as: as(role),
      });
      expect(response.statusCode).toBe(200);
      const mine = (response.json() as { items: Invitation[] }).items.filter(
        (item) => item.reservationId === reservation.id,
      );
      expect(mine).toHaveLength(role === 'member' ? 1 : 0);
    },
  );
});

describe('POST /api/invitations/:id/accept and /reject (the invitee only)', () => {
  async function invite(): Promise<{ invitation: Invitation; invitee: TestSession }> {
    const reservation = await setUp();
    const invitee = await signUpVerifiedUser(t.app, { name: 'Invitee' });
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
      as: creator,
      body: { email: invitee.email },
    });
    return { invitation: response.json() as Invitation, invitee };
  }

  it('lets the invitee accept, and another invitee reject', async () => {
    const first = await invite();
    const accepted = await callApi(t.app, 'POST', `/api/invitations/${first.invitation.id}/accept`, {
      as: first.invitee,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().accepted).toBe(true);
    const second = await invite();
    const rejected = await callApi(t.app, 'POST', `/api/invitations/${second.invitation.id}/reject`, {
      as: second.invitee,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().accepted).toBe(false);
  });

  it.each(['anonymous', 'guest', 'outsider', 'member', 'creator'] as Role[])(
    'refuses %s, leaving the invitation pending',
    async (role) => {
      const { invitation, invitee } = await invite();
      for (const action of ['accept', 'reject']) {
        const response = await callApi(t.app, 'POST', `/api/invitations/${invitation.id}/${action}`, {
          as: as(role),
        });
        expect(response.statusCode).toBe(role === 'anonymous' ? 401 : 403);
      }
      const list = await callApi(t.app, 'GET', '/api/invitations?scope=current', { as: invitee });
      expect(list.json().items).toEqual([expect.objectContaining({ id: invitation.id, accepted: null })]);
      expect((await read(invitation.reservationId)).users).toHaveLength(2);
    },
  );
});
