/**
 * The share link (docs/product.md#share-link): whoever holds the creator's link joins — a stranger
 * signed in, someone who just made an account, a guest — within the party size (409
 * RESERVATION_FULL), and the creator turns the link off or renews it (the old key answers 404
 * SHARE_LINK_OFF). An e-mail invitation stays bound to its address. Simultaneous joins over real
 * HTTP never take the members past the party size.
 */
import type { Reservation, ReservationInvitationSummary, ShareLink } from '@comensal/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRecordReservations, reservationMembers } from '../../db/schema.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../config.ts';
import {
  callApi,
  signInGuest,
  signUpUser,
  signUpVerifiedUser,
  type TestSession,
} from '../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  distinctSlot,
  insertTestRestaurant,
  NOW,
  reservationInput,
  reserve,
  type TestRestaurant,
} from './testing.ts';

let t: TestApp;
let baseUrl: string;
let restaurant: TestRestaurant;
let host: TestSession;

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    // the race signs many guests in from one address
    config: { authRateLimit: { ...DEFAULT_AUTH_RATE_LIMIT, perIp: 10_000 } },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  restaurant = await insertTestRestaurant(t.db);
  host = await signUpVerifiedUser(t.app, { name: 'Ana Anfitriona' });
}, 60_000);
afterAll(() => t?.close());

let counter = 0;
async function newReservation(quantity = 4): Promise<Reservation> {
  counter += 1;
  const { date, startAt } = distinctSlot(counter);
  return reserve(t.app, host, reservationInput(restaurant, { table: undefined, date, startAt, quantity }));
}

const shareLink = async (reservationId: string, as: TestSession = host) =>
  callApi(t.app, 'GET', `/api/reservations/${reservationId}/share-link`, { as });
const keyOf = async (reservationId: string) => ((await shareLink(reservationId)).json() as ShareLink).key!;
const join = (reservationId: string, key: string, as: TestSession | null) =>
  callApi(t.app, 'POST', `/api/reservations/${reservationId}/share-link/join`, { as, body: { key } });
const summary = async (reservationId: string, as: TestSession | null, key?: string) =>
  (
    await callApi(
      t.app,
      'GET',
      `/api/reservations/${reservationId}/invitation${key === undefined ? '' : `?key=${key}`}`,
      { as },
    )
  ).json() as ReservationInvitationSummary;
const memberCount = async (reservationId: string) => {
  const [row] = await t.db.db
    .select({ value: count() })
    .from(reservationMembers)
    .where(eq(reservationMembers.reservationId, reservationId));
  return row!.value;
};

describe('joining with the share link', () => {
  it('a stranger signed in joins (they were told "sent to another account" before)', async () => {
    const reservation = await newReservation();
    const stranger = await signUpVerifiedUser(t.app, { name: 'Bea' });
    const key = await keyOf(reservation.id);
    expect(await summary(reservation.id, stranger, key)).toMatchObject({
      viewer: { isMember: false, invitation: null },
      shareLink: 'open',
    });

    const response = await join(reservation.id, key, stranger);
    expect(response.statusCode).toBe(200);
    const joined = response.json() as Reservation;
    expect(joined.users.map((user) => user.id)).toEqual([host.userId, stranger.userId]);
    expect((await summary(reservation.id, stranger, key)).viewer?.isMember).toBe(true);
    // a client of the restaurant, like anyone who joins
    const records = await t.db.db
      .select()
      .from(clientRecordReservations)
      .where(eq(clientRecordReservations.reservationId, reservation.id));
    expect(records).toHaveLength(2);
  });

  it('someone who just made an account (e-mail not verified yet) joins', async () => {
    const reservation = await newReservation();
    const newcomer = await signUpUser(t.app, { name: 'Nuevo' });
    const response = await join(reservation.id, await keyOf(reservation.id), newcomer);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Reservation).users.map((user) => user.id)).toContain(newcomer.userId);
  });

  it('a guest joins, and reads the reservation as a member', async () => {
    const reservation = await newReservation();
    const guest = await signInGuest(t.app);
    const response = await join(reservation.id, await keyOf(reservation.id), guest);
    expect(response.statusCode).toBe(200);
    const read = await callApi(t.app, 'GET', `/api/reservations/${reservation.id}`, { as: guest });
    expect(read.statusCode).toBe(200);
    expect((read.json() as Reservation).users.find((user) => user.id === guest.userId)?.isGuest).toBe(true);
  });

  it('joining again as a member changes nothing', async () => {
    const reservation = await newReservation();
    const key = await keyOf(reservation.id);
    const guest = await signInGuest(t.app);
    expect((await join(reservation.id, key, guest)).statusCode).toBe(200);
    expect((await join(reservation.id, key, guest)).statusCode).toBe(200);
    expect((await join(reservation.id, key, host)).statusCode).toBe(200);
    expect(await memberCount(reservation.id)).toBe(2);
  });

  it('a full party: 409 RESERVATION_FULL, nobody added; the summary says full', async () => {
    const reservation = await newReservation(2);
    const key = await keyOf(reservation.id);
    expect((await join(reservation.id, key, await signInGuest(t.app))).statusCode).toBe(200);
    const late = await signInGuest(t.app);
    expect((await summary(reservation.id, late, key)).shareLink).toBe('full');
    const response = await join(reservation.id, key, late);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'RESERVATION_FULL' } });
    expect(await memberCount(reservation.id)).toBe(2);
  });

  it('needs a session (401), the right key (404 SHARE_LINK_OFF) and a well-formed body (400)', async () => {
    const reservation = await newReservation();
    const key = await keyOf(reservation.id);
    expect((await join(reservation.id, key, null)).statusCode).toBe(401);
    const guest = await signInGuest(t.app);
    const wrong = await join(reservation.id, 'f'.repeat(32), guest);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ error: { code: 'SHARE_LINK_OFF' } });
    // another reservation's key opens only that reservation
    const other = await newReservation();
    expect((await join(other.id, key, guest)).json()).toMatchObject({ error: { code: 'SHARE_LINK_OFF' } });
    for (const body of [{}, { key: '' }, { key: 'x'.repeat(101) }, { key, extra: 1 }, { key: 5 }]) {
      const response = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/share-link/join`, {
        as: guest,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await join('not-a-uuid', key, guest)).statusCode).toBe(404);
    expect(await memberCount(reservation.id)).toBe(1);
  });

  it('a cancelled reservation: 409 RESERVATION_CLOSED', async () => {
    const reservation = await newReservation();
    const key = await keyOf(reservation.id);
    await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/cancel`, { as: host });
    const response = await join(reservation.id, key, await signInGuest(t.app));
    expect(response.json()).toMatchObject({ error: { code: 'RESERVATION_CLOSED' } });
  });
});

describe('the creator manages the link', () => {
  it('turns it off: the link stops working, and says so', async () => {
    const reservation = await newReservation();
    const key = await keyOf(reservation.id);
    const off = await callApi(t.app, 'DELETE', `/api/reservations/${reservation.id}/share-link`, {
      as: host,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ reservationId: reservation.id, key: null });
    expect(((await shareLink(reservation.id)).json() as ShareLink).key).toBeNull();
    const guest = await signInGuest(t.app);
    expect(await summary(reservation.id, guest, key)).toMatchObject({ shareLink: 'off' });
    expect((await join(reservation.id, key, guest)).json()).toMatchObject({
      error: { code: 'SHARE_LINK_OFF' },
    });
    // idempotent
    expect(
      (await callApi(t.app, 'DELETE', `/api/reservations/${reservation.id}/share-link`, { as: host }))
        .statusCode,
    ).toBe(200);
  });

  it('renews it: the old key stops working, the new one lets people in', async () => {
    const reservation = await newReservation();
    const old = await keyOf(reservation.id);
    const renewed = await callApi(t.app, 'PUT', `/api/reservations/${reservation.id}/share-link`, {
      as: host,
    });
    expect(renewed.statusCode).toBe(200);
    const { key } = renewed.json() as ShareLink;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toBe(old);
    const guest = await signInGuest(t.app);
    expect((await join(reservation.id, old, guest)).json()).toMatchObject({
      error: { code: 'SHARE_LINK_OFF' },
    });
    expect((await join(reservation.id, key!, guest)).statusCode).toBe(200);
  });

  it('only the creator reads, renews or turns it off: members and strangers 403, anonymous 401', async () => {
    const reservation = await newReservation();
    const key = await keyOf(reservation.id);
    const member = await signInGuest(t.app);
    await join(reservation.id, key, member);
    const stranger = await signUpVerifiedUser(t.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const url = `/api/reservations/${reservation.id}/share-link`;
      expect((await callApi(t.app, method, url, { as: member })).statusCode, method).toBe(403);
      expect((await callApi(t.app, method, url, { as: stranger })).statusCode, method).toBe(403);
      expect((await callApi(t.app, method, url)).statusCode, method).toBe(401);
    }
    expect(await keyOf(reservation.id)).toBe(key);
  });

  it('the summary without a key says nothing of the link, and never shows the key', async () => {
    const reservation = await newReservation();
    const key = await keyOf(reservation.id);
    const anonymous = await summary(reservation.id, null);
    expect(anonymous.shareLink).toBeNull();
    expect(JSON.stringify(anonymous)).not.toContain(key);
    expect((await summary(reservation.id, null, key)).shareLink).toBe('open');
  });
});

describe('an e-mail invitation stays bound to its address', () => {
  it('someone else holding the e-mail link (no key) cannot answer it', async () => {
    const reservation = await newReservation();
    const bea = await signUpVerifiedUser(t.app, { name: 'Bea' });
    const invited = await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
      as: host,
      body: { email: bea.email },
    });
    const { id } = invited.json() as { id: string };
    const carla = await signUpVerifiedUser(t.app, { name: 'Carla' });
    expect((await summary(reservation.id, carla)).viewer).toEqual({ isMember: false, invitation: null });
    expect((await callApi(t.app, 'POST', `/api/invitations/${id}/accept`, { as: carla })).statusCode).toBe(
      403,
    );
    const guest = await signInGuest(t.app);
    expect((await callApi(t.app, 'POST', `/api/invitations/${id}/accept`, { as: guest })).statusCode).toBe(
      403,
    );
    expect((await callApi(t.app, 'POST', `/api/invitations/${id}/accept`, { as: bea })).statusCode).toBe(200);
  });
});

describe('simultaneous joins', () => {
  it('never take the members past the party size', async () => {
    const party = 5;
    const reservation = await newReservation(party);
    const key = await keyOf(reservation.id);
    const guests: TestSession[] = [];
    for (let index = 0; index < 30; index += 1) guests.push(await signInGuest(t.app));
    const outcomes = await Promise.all(
      guests.map(async (guest) => {
        const response = await fetch(`${baseUrl}/api/reservations/${reservation.id}/share-link/join`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: guest.cookie },
          body: JSON.stringify({ key }),
        });
        const body = (await response.json()) as { error?: { code: string } };
        return `${response.status} ${body.error?.code ?? ''}`.trim();
      }),
    );
    expect(outcomes.filter((outcome) => outcome === '200')).toHaveLength(party - 1);
    expect(outcomes.filter((outcome) => outcome === '409 RESERVATION_FULL')).toHaveLength(30 - (party - 1));
    expect(await memberCount(reservation.id)).toBe(party);
  }, 60_000);
});
