/**
 * No phishing through the app (docs/product.md#display-names, docs/product.md#invitation-limits):
 * display names are short and carry no link at sign-up and on profile edits (400
 * DISPLAY_NAME_INVALID, nothing changed), and e-mail invitations are limited per inviter per day
 * (429 INVITATION_DAILY_LIMIT), also when sent all at once.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../db/schema.ts';
import { buildTestApp, TEST_ABUSE_LIMITS, type TestApp } from '../test/app.ts';
import { callApi, postJson, signInGuest, signUpUser, uniqueEmail } from '../test/sessions.ts';
import {
  distinctSlot,
  insertTestRestaurant,
  NOW,
  reservationInput,
  reserve,
  type TestRestaurant,
} from '../modules/reservations/testing.ts';

const PER_DAY = 3;
let t: TestApp;
let restaurant: TestRestaurant;

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    config: { abuseLimits: { ...TEST_ABUSE_LIMITS, invitationsPerDay: PER_DAY } },
  });
  restaurant = await insertTestRestaurant(t.db);
});
afterAll(() => t?.close());

const HOSTILE_NAMES = [
  'Banco: verifique su cuenta en evil.example',
  'Banco: verifique en evil.example',
  'Visit https://evil.example',
  'www.evil.example',
  'Soporte soporte@evil.example',
  'a'.repeat(41),
];

async function usersNamed(name: string): Promise<number> {
  const [row] = await t.db.db.select({ value: count() }).from(users).where(eq(users.name, name));
  return row!.value;
}

describe('display names', () => {
  it.each(HOSTILE_NAMES)(
    'refuses %j at sign-up (400 DISPLAY_NAME_INVALID), creating nobody',
    async (name) => {
      const response = await postJson(t.app, '/api/auth/sign-up/email', {
        email: uniqueEmail('phish'),
        name,
        password: 'correct horse battery',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'DISPLAY_NAME_INVALID', message: expect.any(String) });
      expect(await usersNamed(name)).toBe(0);
    },
  );

  it.each(HOSTILE_NAMES)(
    'refuses %j on a profile edit, by a user or a guest, changing nothing',
    async (name) => {
      for (const diner of [await signUpUser(t.app, { name: 'Ana' }), await signInGuest(t.app)]) {
        const response = await callApi(t.app, 'PATCH', '/api/me', { as: diner, body: { displayName: name } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'DISPLAY_NAME_INVALID', details: { max: 40 } },
        });
        const [row] = await t.db.db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, diner.userId));
        expect(row!.name).not.toBe(name);
      }
    },
  );

  it('takes ordinary names with dots, accents and apostrophes', async () => {
    const diner = await signUpUser(t.app, { name: 'J.R.R. Tolkien' });
    for (const name of ['Dr. Smith', 'María José Pérez-Soto', "O'Brien & Co"]) {
      const response = await callApi(t.app, 'PATCH', '/api/me', { as: diner, body: { displayName: name } });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});

describe('e-mail invitations per inviter per day', () => {
  async function hostWithReservation(n: number) {
    const host = await signUpUser(t.app, { name: 'Hugo Anfitrión' });
    const reservation = await reserve(
      t.app,
      host,
      reservationInput(restaurant, { table: undefined, ...distinctSlot(n) }),
    );
    const invite = () =>
      callApi(t.app, 'POST', `/api/reservations/${reservation.id}/invitations`, {
        as: host,
        body: { email: uniqueEmail('friend') },
      });
    const sent = async () =>
      (
        await t.db.db
          .select({ value: count() })
          .from(invitations)
          .where(eq(invitations.invitedBy, host.userId))
      )[0]!.value;
    return { invite, sent };
  }

  it(`sends ${PER_DAY} a day, then 429 INVITATION_DAILY_LIMIT with Retry-After; a day later again`, async () => {
    const { invite, sent } = await hostWithReservation(0);
    for (let i = 0; i < PER_DAY; i += 1) expect((await invite()).statusCode).toBe(201);
    const refused = await invite();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'INVITATION_DAILY_LIMIT', details: { max: PER_DAY } },
    });
    expect(Number(refused.headers['retry-after'])).toBe(24 * 60 * 60);
    expect(await sent()).toBe(PER_DAY);

    t.clock.set(new Date(NOW.getTime() + 24 * 60 * 60 * 1000 + 1000));
    try {
      expect((await invite()).statusCode).toBe(201);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('holds when many invitations are sent at once', async () => {
    const { invite, sent } = await hostWithReservation(1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => invite()));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(PER_DAY);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.json()).toMatchObject({ error: { code: 'INVITATION_DAILY_LIMIT' } });
    }
    expect(await sent()).toBe(PER_DAY);
  });
});
