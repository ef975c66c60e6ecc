/**
 * No user directory (docs/product.md#finding-whom-to-invite): GET /api/users is gone; a diner
 * finds whom to invite by typing the address or among their companions (GET /api/companions),
 * who are invited by id without their address ever being shown.
 */
import type { CompanionList, Invitation, Reservation } from '@comensal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, reservationMembers } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { mailsTo } from '../../test/outbox.ts';
import {
  callApi,
  getWith,
  signInGuest,
  signUpUser,
  signUpVerifiedUser,
  type TestSession,
} from '../../test/sessions.ts';
import {
  insertTestRestaurant,
  NOW,
  reservationInput,
  reserve,
  type TestRestaurant,
} from '../reservations/testing.ts';

let t: TestApp;
let restaurant: TestRestaurant;
let ana: TestSession;
let bruno: TestSession;
let carla: TestSession;
let guest: TestSession;
let shared: Reservation;

const newReservation = (as: TestSession, startAt: string) =>
  reserve(t.app, as, reservationInput(restaurant, { table: undefined, startAt, quantity: 2 }));

/** Makes `member` a member of `reservation` (how they joined does not matter here). */
async function join(reservation: Reservation, member: TestSession) {
  await t.db.db.insert(reservationMembers).values({ reservationId: reservation.id, userId: member.userId });
}

const companions = async (as: TestSession) => {
  const response = await callApi(t.app, 'GET', '/api/companions', { as });
  expect(response.statusCode).toBe(200);
  return response.json() as CompanionList;
};

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  restaurant = await insertTestRestaurant(t.db);
  ana = await signUpUser(t.app, { name: 'Ana' });
  bruno = await signUpVerifiedUser(t.app, { name: 'Bruno' });
  carla = await signUpUser(t.app, { name: 'Carla' });
  guest = await signInGuest(t.app);
  shared = await newReservation(ana, '13:00');
  await join(shared, bruno);
  await join(shared, guest);
});
afterAll(() => t?.close());

describe('no user directory', () => {
  it('has no listing or search of users', async () => {
    for (const url of ['/api/users', '/api/users?q=a', '/api/users?limit=50']) {
      const response = await getWith(t.app, url, ana.cookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain(bruno.email);
    }
  });
});

describe('GET /api/companions', () => {
  it('lists the signed-up members of my reservations with id, name and photo only (never guests, never me)', async () => {
    expect((await companions(ana)).items).toEqual([
      { id: bruno.userId, displayName: 'Bruno', photoURL: null },
    ]);
    expect((await companions(bruno)).items).toEqual([{ id: ana.userId, displayName: 'Ana', photoURL: null }]);
    expect((await companions(carla)).items).toEqual([]);
    expect(JSON.stringify(await companions(ana))).not.toContain('@');
  });

  it('refuses guests (403) and anonymous callers (401)', async () => {
    const asGuest = await callApi(t.app, 'GET', '/api/companions', { as: guest });
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().error.code).toBe('FORBIDDEN');
    const anonymous = await getWith(t.app, '/api/companions');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('inviting a companion by id', () => {
  it('invites them to another reservation without showing their address, and mails them', async () => {
    const next = await newReservation(ana, '14:00');
    const response = await callApi(t.app, 'POST', `/api/reservations/${next.id}/invitations`, {
      as: ana,
      body: { userId: bruno.userId },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ reservationId: next.id, email: null, accepted: null });
    expect(response.body).not.toContain(bruno.email);
    const [row] = await t.db.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.reservationId, next.id), eq(invitations.userId, bruno.userId)));
    expect(row?.inviteeEmail).toBe(bruno.email);
    const mails = await mailsTo(t.config.dataDir, bruno.email);
    expect(mails.some((mail) => mail.headers.get('x-comensal-template') === 'reservation_invitation')).toBe(
      true,
    );
    // Bruno sees it among his invitations, with his own address
    const mine = await callApi(t.app, 'GET', '/api/invitations?scope=current', { as: bruno });
    expect(mine.json().items.map((i: Invitation) => [i.reservationId, i.email])).toContainEqual([
      next.id,
      bruno.email,
    ]);
  });

  it('refuses the id of someone who is not a companion (404), a guest member, or myself, changing nothing', async () => {
    const next = await newReservation(ana, '15:00');
    for (const userId of [carla.userId, guest.userId, ana.userId, '00000000-0000-4000-8000-000000000000']) {
      const response = await callApi(t.app, 'POST', `/api/reservations/${next.id}/invitations`, {
        as: ana,
        body: { userId },
      });
      expect(response.statusCode, userId).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect(await t.db.db.select().from(invitations).where(eq(invitations.reservationId, next.id))).toEqual(
      [],
    );
  });

  it('refuses a body with both or neither (400)', async () => {
    for (const body of [{}, { email: carla.email, userId: bruno.userId }, { userId: 'not-a-uuid' }]) {
      const response = await callApi(t.app, 'POST', `/api/reservations/${shared.id}/invitations`, {
        as: ana,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});
