/**
 * The creator's unanswered invitations (docs/product.md#unanswered-invitations): listed (a
 * companion's address never shown), sent again under the daily limit of e-mail invitations, and
 * withdrawn (the invitee no longer sees or answers it). Members, invitees and strangers are
 * refused, anonymous callers need a session; a refusal changes nothing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type {
  Invitation,
  InvitationList,
  PendingInvitation,
  PendingInvitationList,
  Reservation,
} from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, reservationMembers } from '../../db/schema.ts';
import { callApi, signInGuest, signUpVerifiedUser, type TestSession } from '../../test/sessions.ts';
import { buildTestApp, TEST_ABUSE_LIMITS, type TestApp } from '../../test/app.ts';
import {
  distinctSlot,
  insertTestRestaurant,
  NOW,
  reservationInput,
  reserve,
  type TestRestaurant,
} from './testing.ts';

const PER_DAY = 6;

let t: TestApp;
let restaurant: TestRestaurant;
let host: TestSession;
let member: TestSession;
let stranger: TestSession;

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    config: { abuseLimits: { ...TEST_ABUSE_LIMITS, invitationsPerDay: PER_DAY } },
  });
  restaurant = await insertTestRestaurant(t.db);
  [member, stranger] = await Promise.all([
    signUpVerifiedUser(t.app, { name: 'Member' }),
    signUpVerifiedUser(t.app, { name: 'Stranger' }),
  ]);
}, 60_000);
afterAll(() => t?.close());

let counter = 0;
/** A fresh host (a daily budget of their own) and a reservation of theirs with `member` in it. */
async function setUp(): Promise<Reservation> {
  counter += 1;
  host = await signUpVerifiedUser(t.app, { name: `Host ${counter}` });
  const reservation = await reserve(
    t.app,
    host,
    reservationInput(restaurant, { table: undefined, ...distinctSlot(counter), quantity: 6 }),
  );
  await t.db.db.insert(reservationMembers).values({ reservationId: reservation.id, userId: member.userId });
  return reservation;
}

const invite = async (reservationId: string, body: { email: string } | { userId: string }) => {
  const response = await callApi(t.app, 'POST', `/api/reservations/${reservationId}/invitations`, {
    as: host,
    body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Invitation;
};
const pending = async (reservationId: string, as: TestSession = host) =>
  (
    await callApi(t.app, 'GET', `/api/reservations/${reservationId}/invitations`, { as })
  ).json() as PendingInvitationList;
const resend = (id: string, as: TestSession | null = host) =>
  callApi(t.app, 'POST', `/api/invitations/${id}/resend`, { as });
const revoke = (id: string, as: TestSession | null = host) =>
  callApi(t.app, 'DELETE', `/api/invitations/${id}`, { as });
const currentOf = async (as: TestSession) =>
  ((await callApi(t.app, 'GET', '/api/invitations?scope=current', { as })).json() as InvitationList).items;

async function invitationMailsTo(address: string): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const dir = path.join(t.config.dataDir, 'outbox');
  let count = 0;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.eml'))) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (text.includes(`To: ${address}`) && text.includes('reservation_invitation')) count += 1;
  }
  return count;
}

describe('the unanswered list', () => {
  it('lists pending invitations oldest first, never a companion’s address, not the answered ones', async () => {
    const reservation = await setUp();
    const typed = await invite(reservation.id, { email: 'nadie@example.com' });
    const bea = await signUpVerifiedUser(t.app, { name: 'Bea' });
    const toBea = await invite(reservation.id, { email: bea.email });
    // a companion (a member of a reservation of the host) invited by id to another one
    const companion = await signUpVerifiedUser(t.app, { name: 'Compañera' });
    await t.db.db
      .insert(reservationMembers)
      .values({ reservationId: reservation.id, userId: companion.userId });
    const reservation2 = await reserve(
      t.app,
      host,
      reservationInput(restaurant, { table: undefined, ...distinctSlot(1000 + counter), quantity: 6 }),
    );
    const byId = await invite(reservation2.id, { userId: companion.userId });
    expect((await pending(reservation2.id)).items).toEqual([
      { id: byId.id, email: null, displayName: 'Compañera', createdAt: NOW.toISOString() },
    ]);

    expect(
      (await pending(reservation.id)).items.map((item) => [item.id, item.email, item.displayName]),
    ).toEqual(
      [
        [typed.id, 'nadie@example.com', null],
        [toBea.id, bea.email, 'Bea'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    await callApi(t.app, 'POST', `/api/invitations/${toBea.id}/accept`, { as: bea });
    expect((await pending(reservation.id)).items.map((item) => item.id)).toEqual([typed.id]);
  });

  it('is the creator’s only: a member, an invitee or a stranger 403, anonymous 401', async () => {
    const reservation = await setUp();
    const bea = await signUpVerifiedUser(t.app, { name: 'Bea' });
    await invite(reservation.id, { email: bea.email });
    for (const as of [member, bea, stranger, await signInGuest(t.app)]) {
      expect(
        (await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/invitations`, { as })).statusCode,
      ).toBe(403);
    }
    expect((await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/invitations`)).statusCode).toBe(
      401,
    );
    expect((await callApi(t.app, 'GET', '/api/reservations/nope/invitations', { as: host })).statusCode).toBe(
      404,
    );
  });
});

describe('withdrawing', () => {
  it('takes it from the invitee, who can no longer answer it; idempotent; the address can be invited again', async () => {
    const reservation = await setUp();
    const bea = await signUpVerifiedUser(t.app, { name: 'Bea' });
    const invitation = await invite(reservation.id, { email: bea.email });
    expect((await currentOf(bea)).map((item) => item.id)).toEqual([invitation.id]);
    expect((await revoke(invitation.id)).statusCode).toBe(204);
    expect(await currentOf(bea)).toEqual([]);
    expect((await pending(reservation.id)).items).toEqual([]);
    const answered = await callApi(t.app, 'POST', `/api/invitations/${invitation.id}/accept`, { as: bea });
    expect(answered.statusCode).toBe(404);
    expect((await revoke(invitation.id)).statusCode).toBe(204);
    await invite(reservation.id, { email: bea.email });
  });

  it('refuses members, invitees, strangers (403) and anonymous callers (401), changing nothing; an answered one 409', async () => {
    const reservation = await setUp();
    const bea = await signUpVerifiedUser(t.app, { name: 'Bea' });
    const invitation = await invite(reservation.id, { email: bea.email });
    for (const as of [member, bea, stranger]) {
      expect((await revoke(invitation.id, as)).statusCode).toBe(403);
      expect((await resend(invitation.id, as)).statusCode).toBe(403);
    }
    expect((await revoke(invitation.id, null)).statusCode).toBe(401);
    expect((await resend(invitation.id, null)).statusCode).toBe(401);
    expect((await revoke('not-a-uuid')).statusCode).toBe(404);
    expect((await pending(reservation.id)).items.map((item) => item.id)).toEqual([invitation.id]);
    await callApi(t.app, 'POST', `/api/invitations/${invitation.id}/reject`, { as: bea });
    expect((await revoke(invitation.id)).json()).toMatchObject({ error: { code: 'INVITATION_ANSWERED' } });
    expect((await resend(invitation.id)).json()).toMatchObject({ error: { code: 'INVITATION_ANSWERED' } });
  });
});

describe('sending again', () => {
  it('replaces the invitation with a new one and mails the link again', async () => {
    const reservation = await setUp();
    const bea = await signUpVerifiedUser(t.app, { name: 'Bea' });
    const first = await invite(reservation.id, { email: bea.email });
    const response = await resend(first.id);
    expect(response.statusCode).toBe(201);
    const again = response.json() as PendingInvitation;
    expect(again).toMatchObject({ email: bea.email, displayName: 'Bea' });
    expect(again.id).not.toBe(first.id);
    expect((await pending(reservation.id)).items.map((item) => item.id)).toEqual([again.id]);
    expect((await currentOf(bea)).map((item) => item.id)).toEqual([again.id]);
    const [old] = await t.db.db.select().from(invitations).where(eq(invitations.id, first.id));
    expect(old!.revokedAt).not.toBeNull();
    expect(await invitationMailsTo(bea.email)).toBe(2);
  });

  it('counts against the daily limit of e-mail invitations: 429, nothing changed', async () => {
    const reservation = await setUp();
    const first = await invite(reservation.id, { email: 'uno@example.com' });
    let id = first.id;
    for (let sent = 1; sent < PER_DAY; sent += 1) {
      const response = await resend(id);
      expect(response.statusCode, response.body).toBe(201);
      id = (response.json() as PendingInvitation).id;
    }
    const refused = await resend(id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'INVITATION_DAILY_LIMIT' } });
    expect((await pending(reservation.id)).items.map((item) => item.id)).toEqual([id]);
  });

  it('is refused once the reservation is cancelled', async () => {
    const reservation = await setUp();
    const invitation = await invite(reservation.id, { email: 'tarde@example.com' });
    await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: host });
    expect((await resend(invitation.id)).json()).toMatchObject({ error: { code: 'RESERVATION_CLOSED' } });
  });
});
