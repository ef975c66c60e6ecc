/**
 * THE RACE (docs/product.md#table-clash): many diners book the same table at the same moment over
 * real HTTP, each with their own guest session and connection. The exclusion constraint lets
 * exactly one win; every other answer is 409 TABLE_TAKEN (never a 500), and the losers leave no
 * trace.
 */
import type { Reservation } from '@comensal/contracts';
import { and, count, eq, gt, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRecordReservations, reservationMembers, reservations } from '../../db/schema.ts';
import { signInGuest, type TestSession } from '../../test/sessions.ts';
import { DEFAULT_AUTH_RATE_LIMIT } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { distinctSlot, insertTestRestaurant, NOW, reservationInput, type TestRestaurant } from './testing.ts';

const DINERS = 50;
const ROUNDS = 10;
/** Ten open days (the test restaurant closes on Sundays). */
const ROUND_DATES = ['10', '11', '12', '13', '14', '16', '17', '18', '19', '20'].map(
  (day) => `2026-03-${day}`,
);

let t: TestApp;
let baseUrl: string;
let restaurant: TestRestaurant;
let guests: TestSession[];

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    // 50 guests sign in from one address: lift the per-IP sign-in limit for this suite
    config: { authRateLimit: { ...DEFAULT_AUTH_RATE_LIMIT, perIp: 10_000 } },
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  restaurant = await insertTestRestaurant(t.db);
  guests = [];
  for (let index = 0; index < DINERS; index += 1) guests.push(await signInGuest(t.app));
}, 120_000);
afterAll(() => t?.close());

interface Outcome {
  status: number;
  body: { id?: string; error?: { code: string } };
}

/** Every guest POSTs its body at once, each on its own HTTP request. */
async function stampede(bodyOf: (index: number) => unknown): Promise<Outcome[]> {
  return Promise.all(
    guests.map(async (guest, index) => {
      const response = await fetch(`${baseUrl}/api/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: guest.cookie },
        body: JSON.stringify(bodyOf(index)),
      });
      return { status: response.status, body: (await response.json()) as Outcome['body'] };
    }),
  );
}

function expectOneWinner(outcomes: Outcome[]): string {
  const statuses = outcomes.map((outcome) => outcome.status);
  expect(
    statuses.every((status) => status === 201 || status === 409),
    // on failure, say why: the answers that were neither, and what the server logged as errors
    JSON.stringify({
      unexpected: outcomes.filter((outcome) => outcome.status !== 201 && outcome.status !== 409),
      errors: t.logs.filter((line) => line.level >= 50),
    }),
  ).toBe(true);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(DINERS - 1);
  for (const outcome of outcomes) {
    if (outcome.status === 409) expect(outcome.body.error?.code).toBe('TABLE_TAKEN');
  }
  return outcomes.find((outcome) => outcome.status === 201)!.body.id!;
}

/** Active reservations of the table on `date`, and the traces (members, client entries) they left. */
async function traces(tableId: string) {
  const rows = await t.db.db
    .select({ id: reservations.id, createdBy: reservations.createdBy })
    .from(reservations)
    .where(and(eq(reservations.tableId, tableId), ne(reservations.status, 'cancelled')));
  const ids = rows.map((row) => row.id);
  const guestIds = guests.map((guest) => guest.userId);
  const [members] = await t.db.db
    .select({ value: count() })
    .from(reservationMembers)
    .where(inArray(reservationMembers.userId, guestIds));
  const [entries] = await t.db.db
    .select({ value: count() })
    .from(clientRecordReservations)
    .where(inArray(clientRecordReservations.userId, guestIds));
  return { ids, members: members!.value, entries: entries!.value };
}

describe('50 simultaneous bookings of one table', () => {
  it(`lets exactly one of ${DINERS} win the same slot, ${ROUNDS} rounds in a row`, async () => {
    const table = restaurant.ref(2);
    const winners: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const date = ROUND_DATES[round]!;
      const startAt = round % 2 === 0 ? '13:00' : '21:30';
      const outcomes = await stampede(() => reservationInput(restaurant, { date, startAt, table }));
      winners.push(expectOneWinner(outcomes));
    }
    const after = await traces(table.tableId);
    expect(after.ids.sort()).toEqual([...winners].sort());
    // only the winners became members and clients
    expect(after.members).toBe(ROUNDS);
    expect(after.entries).toBe(ROUNDS);
    expect(t.logs.filter((line) => line.level >= 50)).toEqual([]);
  }, 120_000);

  it('lets exactly one win when the slots differ but all overlap', async () => {
    const table = restaurant.ref(10);
    const date = '2026-03-24';
    // starts 13:00, 13:15, 13:30, 13:45 with 60 minutes: every pair overlaps
    const outcomes = await stampede((index) =>
      reservationInput(restaurant, {
        date,
        table,
        startAt: `13:${String((index % 4) * 15).padStart(2, '0')}`,
        duration: 60,
      }),
    );
    const winner = expectOneWinner(outcomes);
    const after = await traces(table.tableId);
    expect(after.ids).toEqual([winner]);
  }, 60_000);

  it('lets back-to-back slots both win while overlapping ones lose', async () => {
    const table = restaurant.ref(1);
    const date = '2026-03-25';
    // even diners: 12:00–13:00; odd diners: 13:00–14:00 (touching, not overlapping)
    const outcomes = await stampede((index) =>
      reservationInput(restaurant, {
        date,
        table,
        startAt: index % 2 === 0 ? '12:00' : '13:00',
        duration: 60,
      }),
    );
    const won = outcomes.filter((outcome) => outcome.status === 201);
    expect(won).toHaveLength(2);
    expect(outcomes.filter((outcome) => outcome.status === 409)).toHaveLength(DINERS - 2);
    const starts = await Promise.all(
      won.map(async (outcome) => {
        const response = await fetch(`${baseUrl}/api/reservations/${outcome.body.id}`, {
          headers: {
            cookie: guests[outcomes.indexOf(outcome)]!.cookie,
          },
        });
        return ((await response.json()) as Reservation).startAt;
      }),
    );
    expect(starts.sort()).toEqual(['12:00', '13:00']);
  }, 60_000);

  it('lets exactly one of 50 time-only moves at one table take the same new slot', async () => {
    // a restaurant of its own: each guest holds its own lunch hour at its table 2
    const own = await insertTestRestaurant(t.db);
    const table = own.ref(2);
    const held = await stampede((index) => reservationInput(own, { ...distinctSlot(index), table }));
    expect(held.map((outcome) => outcome.status)).toEqual(guests.map(() => 201));
    // then all of them move to the same hour at once, keeping the table (no table in the body)
    const outcomes = await Promise.all(
      guests.map(async (guest, index) => {
        const response = await fetch(`${baseUrl}/api/reservations/${held[index]!.body.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', origin: t.config.publicUrl, cookie: guest.cookie },
          body: JSON.stringify({ date: '2026-04-21', startAt: '13:00' }),
        });
        return { status: response.status, body: (await response.json()) as Outcome['body'] };
      }),
    );
    expect(
      outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 409),
      JSON.stringify(t.logs.filter((line) => line.level >= 50)),
    ).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 200)).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 409)) {
      expect(outcome.body.error?.code).toBe('TABLE_TAKEN');
    }
    // only the winner left its hour: the others still hold theirs (all before April)
    const moved = await t.db.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.tableId, table.tableId), gt(reservations.startsAt, new Date('2026-04-01'))));
    expect(moved).toHaveLength(1);
  }, 60_000);
});
