/**
 * Invitations (docs/product.md#invitation-rules, docs/product.md#invitation-states): invite a user
 * or a not-yet-registered e-mail, duplicates, accept (joins the reservation, one transaction) and
 * reject, current/history lists newest first, closed reservations, the invitation e-mail, and the
 * logged 'Error al aceptar invitación'.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  INVITATION_EVENTS,
  RESERVATION_EVENTS,
  USER_INVITATIONS_TOPIC,
  reservationTopic,
  type Invitation,
  type InvitationList,
  type Reservation,
  type ReservationInvitationSummary,
} from '@comensal/contracts';
import { and, count, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientRecordReservations, invitations } from '../../db/schema.ts';
import { callApi, signInGuest, signUpVerifiedUser, type TestSession } from '../../test/sessions.ts';
import { nextLiveEvent, openLiveClient } from '../../test/live.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  distinctSlot,
  insertTestRestaurant,
  NOW,
  reservationInput,
  reserve,
  type TestRestaurant,
} from './testing.ts';
import { ANSWER_FAILED_MESSAGE } from './answer-invitation.ts';
import { MAX_INVITATIONS_PER_RESERVATION } from './create-invitation.ts';

let t: TestApp;
let baseUrl: string;
let restaurant: TestRestaurant;
let host: TestSession;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.live.ready();
  restaurant = await insertTestRestaurant(t.db);
  host = await signUpVerifiedUser(t.app, { name: 'Ana Anfitriona', locale: 'es-ES' });
});
afterEach(() => t.clock.set(NOW));
afterAll(() => t?.close());

let counter = 0;
/**
 * A reservation of `as` without a table (so reservations never clash), each on a day of its own
 * (one diner holds one reservation at a time, docs/product.md#booking-limits).
 */
async function newReservation(as: TestSession = host, startAt = '13:00'): Promise<Reservation> {
  counter += 1;
  const { date } = distinctSlot(counter * 4);
  return reserve(
    t.app,
    as,
    reservationInput(restaurant, { table: undefined, date, startAt, quantity: 1 + (counter % 4) }),
  );
}

const invite = (reservationId: string, email: string, as: TestSession = host) =>
  callApi(t.app, 'POST', `/api/reservations/${reservationId}/invitations`, { as, body: { email } });
const answer = (id: string, action: 'accept' | 'reject', as: TestSession) =>
  callApi(t.app, 'POST', `/api/invitations/${id}/${action}`, { as });
const list = async (as: TestSession, scope: 'current' | 'history', extra = '') =>
  (await callApi(t.app, 'GET', `/api/invitations?scope=${scope}${extra}`, { as })).json() as InvitationList;
const members = async (reservationId: string) =>
  (
    (await callApi(t.app, 'GET', `/api/reservations/${reservationId}`, { as: host })).json() as Reservation
  ).users.map((user) => user.id);

const failures = () => t.logs.filter((line) => line.msg === ANSWER_FAILED_MESSAGE);

/** The invitation e-mails of the outbox sent to `to` (the welcome e-mail left out), parsed. */
async function mailTo(to: string) {
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.eml'));
  const parsed = await Promise.all(
    files.map(async (file) => simpleParser(await readFile(path.join(dir, file)))),
  );
  return parsed.filter(
    (mail) =>
      mail.to &&
      !Array.isArray(mail.to) &&
      mail.to.value[0]?.address === to &&
      mail.headers.get('x-comensal-template') === 'reservation_invitation',
  );
}

describe('POST /api/reservations/:id/invitations', () => {
  it('invites a registered user: linked, pending, in their current list', async () => {
    const reservation = await newReservation();
    const bea = await signUpVerifiedUser(t.app, { name: 'Bea' });
    const response = await invite(reservation.id, bea.email.toUpperCase());
    expect(response.statusCode).toBe(201);
    const invitation = response.json() as Invitation;
    expect(invitation).toMatchObject({
      restaurantId: restaurant.restaurant.id,
      reservationId: reservation.id,
      accepted: null,
      email: bea.email,
      createdAt: NOW.toISOString(),
      invitedBy: { displayName: 'Ana Anfitriona' },
      reservation: { date: reservation.date, startAt: '13:00', isCurrent: true },
    });
    const [row] = await t.db.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row!.userId).toBe(bea.userId);
    expect((await list(bea, 'current')).items.map((item) => item.id)).toEqual([invitation.id]);
  });

  it('invites an e-mail nobody registered yet; it reaches them once they sign up', async () => {
    const reservation = await newReservation();
    const email = `later-${Date.now()}@example.com`;
    const response = await invite(reservation.id, email);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.db.select().from(invitations).where(eq(invitations.id, response.json().id));
    expect(row).toMatchObject({ userId: null, accepted: null, inviteeEmail: email });

    const later = await signUpVerifiedUser(t.app, { email: email.replace('later', 'Later') });
    const mine = await list(later, 'current');
    expect(mine.items.map((item) => item.id)).toEqual([row!.id]);
    const summary = (
      await callApi(t.app, 'GET', `/api/reservations/${reservation.id}/invitation`, { as: later })
    ).json() as ReservationInvitationSummary;
    expect(summary.viewer).toEqual({ isMember: false, invitation: { id: row!.id, accepted: null } });
    const accepted = await answer(row!.id, 'accept', later);
    expect(accepted.statusCode).toBe(200);
    expect(await members(reservation.id)).toEqual([host.userId, later.userId]);
  });

  it('refuses a second pending invitation of the same e-mail (any case), a member, and yourself', async () => {
    const reservation = await newReservation();
    const cata = await signUpVerifiedUser(t.app, { name: 'Cata' });
    expect((await invite(reservation.id, cata.email)).statusCode).toBe(201);
    const again = await invite(reservation.id, cata.email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_INVITED');
    const self = await invite(reservation.id, host.email);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('ALREADY_MEMBER');

    const [pending] = (await list(cata, 'current')).items;
    await answer(pending!.id, 'accept', cata);
    const member = await invite(reservation.id, cata.email);
    expect(member.json().error.code).toBe('ALREADY_MEMBER');
    const [{ value } = { value: -1 }] = await t.db.db
      .select({ value: count() })
      .from(invitations)
      .where(eq(invitations.reservationId, reservation.id));
    expect(value).toBe(1);
  });

  it('invites again after a rejection', async () => {
    const reservation = await newReservation();
    const dani = await signUpVerifiedUser(t.app);
    const first = (await invite(reservation.id, dani.email)).json() as Invitation;
    await answer(first.id, 'reject', dani);
    const second = await invite(reservation.id, dani.email);
    expect(second.statusCode).toBe(201);
    expect((await list(dani, 'current')).items.map((item) => item.id)).toEqual([second.json().id]);
    expect((await list(dani, 'history')).items.map((item) => [item.id, item.accepted])).toEqual([
      [first.id, false],
    ]);
  });

  it('refuses invitations to a cancelled or finished reservation, and past the limit', async () => {
    const cancelled = await newReservation();
    await callApi(t.app, 'POST', `/api/reservations/${cancelled.id}/cancel`, { as: host });
    const response = await invite(cancelled.id, 'someone@example.com');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('RESERVATION_CLOSED');

    const over = await newReservation();
    t.clock.set(new Date(over.time.end));
    expect((await invite(over.id, 'someone@example.com')).json().error.code).toBe('RESERVATION_CLOSED');
    t.clock.set(NOW);

    const busy = await newReservation();
    for (let index = 0; index < MAX_INVITATIONS_PER_RESERVATION; index += 1) {
      await t.db.db.insert(invitations).values({
        inviteeEmail: `bulk-${index}@example.com`,
        restaurantId: restaurant.restaurant.id,
        reservationId: busy.id,
        invitedBy: host.userId,
      });
    }
    const tooMany = await invite(busy.id, 'one-more@example.com');
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ code: 'CONFLICT', details: { reason: 'INVITATION_LIMIT' } });
  });

  it.each([
    { email: 'not-an-email' },
    { email: '' },
    { email: `${'a'.repeat(250)}@example.com` },
    { email: 'ok@example.com', accepted: true },
    { email: 'ok@example.com', userId: '00000000-0000-4000-8000-000000000000' },
    {},
  ])('answers 400 to %j and invites nobody', async (body) => {
    const reservation = await newReservation();
    const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
      as: host,
      body,
    });
    expect(response.statusCode).toBe(400);
    const [{ value } = { value: -1 }] = await t.db.db
      .select({ value: count() })
      .from(invitations)
      .where(eq(invitations.reservationId, reservation.id));
    expect(value).toBe(0);
  });
});

/** "Tuesday, March 10, 2026" / "martes, 10 de marzo de 2026". */
const longDate = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

describe('the invitation e-mail', () => {
  it('goes to the invitee in their language, with the public link', async () => {
    const reservation = await newReservation(host, '20:30');
    const english = await signUpVerifiedUser(t.app, { name: 'Eve', locale: 'en-US' });
    await invite(reservation.id, english.email);
    const [mail] = await mailTo(english.email);
    expect(mail).toBeDefined();
    // a fixed subject: no text a diner wrote (docs/security.md#no-phishing-through-the-app)
    expect(mail!.subject).toBe('You have an invitation on Comensal');
    const link = `http://localhost:3000/restaurants/${restaurant.restaurant.id}/reservations/${reservation.id}/invitation`;
    expect(mail!.text).toContain(link);
    // 20:30 in the restaurant's zone, 24-hour
    expect(mail!.text).toContain('20:30');
    expect(mail!.text).toContain(longDate(reservation.date, 'en-US'));
  });

  it("uses the inviter's language for an unknown e-mail", async () => {
    const reservation = await newReservation();
    const email = `nuevo-${Date.now()}@example.com`;
    await invite(reservation.id, email);
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Tienes una invitación en Comensal');
    expect(mail!.text).toContain(longDate(reservation.date, 'es-ES'));
  });
});

describe('accept and reject', () => {
  it('accepting joins the reservation and the restaurant’s clients in one go; again answers the same', async () => {
    const reservation = await newReservation();
    const fede = await signUpVerifiedUser(t.app);
    const invitation = (await invite(reservation.id, fede.email)).json() as Invitation;
    const accepted = await answer(invitation.id, 'accept', fede);
    expect(accepted.json()).toMatchObject({ accepted: true, respondedAt: NOW.toISOString() });
    expect(await members(reservation.id)).toEqual([host.userId, fede.userId]);
    const entries = await t.db.db
      .select()
      .from(clientRecordReservations)
      .where(
        and(
          eq(clientRecordReservations.userId, fede.userId),
          eq(clientRecordReservations.reservationId, reservation.id),
        ),
      );
    expect(entries).toHaveLength(1);
    const again = await answer(invitation.id, 'accept', fede);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    expect((await list(fede, 'current')).items).toEqual([]);
    expect((await list(fede, 'history')).items.map((item) => item.accepted)).toEqual([true]);
    // now a member: reads the reservation
    expect(
      (await callApi(t.app, 'GET', `/api/reservations/${reservation.id}`, { as: fede })).statusCode,
    ).toBe(200);
  });

  it('rejecting leaves the reservation alone; changing an answer is 409 and logged', async () => {
    const reservation = await newReservation();
    const gabi = await signUpVerifiedUser(t.app);
    const invitation = (await invite(reservation.id, gabi.email)).json() as Invitation;
    const rejected = await answer(invitation.id, 'reject', gabi);
    expect(rejected.json().accepted).toBe(false);
    expect((await answer(invitation.id, 'reject', gabi)).statusCode).toBe(200);
    expect(await members(reservation.id)).toEqual([host.userId]);

    const logged = failures().length;
    const change = await answer(invitation.id, 'accept', gabi);
    expect(change.statusCode).toBe(409);
    expect(change.json().error.code).toBe('INVITATION_ANSWERED');
    expect(await members(reservation.id)).toEqual([host.userId]);
    expect(failures()).toHaveLength(logged + 1);
    expect(failures().at(-1)).toMatchObject({
      invitationId: invitation.id,
      accepted: true,
      code: 'INVITATION_ANSWERED',
    });
  });

  it('refuses answers on a cancelled or finished reservation (409), logging each failure', async () => {
    const cancelled = await newReservation();
    const hugo = await signUpVerifiedUser(t.app);
    const toCancelled = (await invite(cancelled.id, hugo.email)).json() as Invitation;
    const over = await newReservation(host, '14:00');
    const toOver = (await invite(over.id, hugo.email)).json() as Invitation;
    await callApi(t.app, 'POST', `/api/reservations/${cancelled.id}/cancel`, { as: host });

    const logged = failures().length;
    for (const action of ['accept', 'reject'] as const) {
      const response = await answer(toCancelled.id, action, hugo);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('RESERVATION_CLOSED');
    }
    t.clock.set(new Date(new Date(over.time.end).getTime() + 1));
    const late = await answer(toOver.id, 'accept', hugo);
    expect(late.json().error.code).toBe('RESERVATION_CLOSED');
    expect(failures()).toHaveLength(logged + 3);
    expect(await members(cancelled.id)).toEqual([host.userId]);
    // both are history now (cancelled / over), still unanswered
    expect((await list(hugo, 'current')).items).toEqual([]);
    expect((await list(hugo, 'history')).items.map((item) => [item.id, item.accepted])).toEqual(
      expect.arrayContaining([
        [toCancelled.id, null],
        [toOver.id, null],
      ]),
    );
  });

  it('answers 404 to unknown or malformed invitation ids, logging the failure', async () => {
    const someone = await signUpVerifiedUser(t.app);
    const logged = failures().length;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', "'; --"]) {
      const response = await answer(encodeURIComponent(id), 'accept', someone);
      expect(response.statusCode).toBe(404);
    }
    expect(failures()).toHaveLength(logged + 3);
  });

  it('does not let a guest take an invitation sent to an e-mail', async () => {
    const reservation = await newReservation();
    const guest = await signInGuest(t.app);
    const invitation = (await invite(reservation.id, guest.email)).json() as Invitation;
    expect((await answer(invitation.id, 'accept', guest)).statusCode).toBe(403);
    expect((await list(guest, 'current')).items).toEqual([]);
  });
});

describe('GET /api/invitations', () => {
  it('lists newest first, pages, and moves invitations of cancelled reservations to history', async () => {
    const iris = await signUpVerifiedUser(t.app);
    const made: Invitation[] = [];
    for (let index = 0; index < 3; index += 1) {
      t.clock.set(new Date(NOW.getTime() + index * 60_000));
      const reservation = await newReservation(host, `1${2 + index}:00`);
      made.push((await invite(reservation.id, iris.email)).json() as Invitation);
    }
    t.clock.set(NOW);
    const page1 = await list(iris, 'current', '&limit=2');
    expect(page1.items.map((item) => item.id)).toEqual([made[2]!.id, made[1]!.id]);
    const page2 = await list(iris, 'current', `&limit=2&cursor=${page1.nextCursor}`);
    expect(page2.items.map((item) => item.id)).toEqual([made[0]!.id]);
    expect(page2.nextCursor).toBeNull();

    await callApi(t.app, 'POST', `/api/reservations/${made[1]!.reservationId}/cancel`, { as: host });
    expect((await list(iris, 'current')).items.map((item) => item.id)).toEqual([made[2]!.id, made[0]!.id]);
    const history = (await list(iris, 'history')).items;
    expect(history.map((item) => [item.id, item.reservation.status])).toEqual([[made[1]!.id, 'cancelled']]);

    for (const query of ['', 'scope=pending', 'scope=current&limit=500', 'scope=current&cursor=%%%']) {
      const response = await callApi(t.app, 'GET', `/api/invitations?${query}`, { as: iris });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('live events of invitations', () => {
  it('tells the invitee’s list and the members, after the commit', async () => {
    const reservation = await newReservation();
    const juan = await signUpVerifiedUser(t.app);
    const socket = await openLiveClient(baseUrl, { origin: 'http://localhost:3000', cookie: juan.cookie });
    try {
      expect(await socket.request({ op: 'subscribe', topic: USER_INVITATIONS_TOPIC })).toEqual({
        op: 'subscribed',
        topic: USER_INVITATIONS_TOPIC,
      });
      const onTopic = nextLiveEvent(t.app, reservationTopic(reservation.id));
      const invitation = (await invite(reservation.id, juan.email)).json() as Invitation;
      expect(await socket.next()).toEqual({
        topic: USER_INVITATIONS_TOPIC,
        event: INVITATION_EVENTS.created,
        data: { invitationId: invitation.id, reservationId: reservation.id, accepted: null },
      });
      expect(await onTopic).toMatchObject({ event: INVITATION_EVENTS.created });

      // the invitation shows the reservation's time: a move reaches the pending invitee
      await callApi(t.app, 'PATCH', `/api/reservations/${reservation.id}`, {
        as: host,
        body: { startAt: '14:00' },
      });
      expect(await socket.next()).toEqual({
        topic: USER_INVITATIONS_TOPIC,
        event: RESERVATION_EVENTS.updated,
        data: { reservationId: reservation.id },
      });

      await answer(invitation.id, 'accept', juan);
      expect(await socket.next()).toEqual({
        topic: USER_INVITATIONS_TOPIC,
        event: INVITATION_EVENTS.answered,
        data: { invitationId: invitation.id, reservationId: reservation.id, accepted: true },
      });
    } finally {
      socket.close();
    }
  });
});
