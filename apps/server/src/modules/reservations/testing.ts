/**
 * Test support for the reservation and invitation suites (imported by *.test.ts only): a
 * restaurant with known tables and hours, and a reservation helper. The app comes from
 * src/test/app.ts, sessions of each role from src/test/sessions.ts.
 */
import type { CreateReservationInput, Reservation } from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import {
  buildSeedRestaurant,
  insertRestaurant,
  type InsertedRestaurant,
} from '../../db/seed/insert-restaurant.ts';
import type { SeedRestaurant } from '../../db/seed/types.ts';
import type { TestDatabase } from '../../test/database.ts';
import { callApi, markEmailVerified, type TestSession } from '../../test/sessions.ts';

/** 2026-03-02 15:00 UTC = Monday 12:00 in Santiago (UTC-3 until April). */
export const NOW = new Date('2026-03-02T15:00:00Z');
/** A Tuesday a week later. */
export const DAY = '2026-03-10';

/** Lunch 12:00–16:00 and dinner 20:00–02:00 every day; Sunday closed. */
export const TEST_HOURS: SeedRestaurant['openingHours'] = [
  [],
  ...Array.from({ length: 6 }, () => [
    { open: '12:00', close: '16:00' },
    { open: '20:00', close: '02:00' },
  ]),
];

export interface TestRestaurant extends InsertedRestaurant {
  /** Tables by number: 1 (2 seats), 2 (4 seats) in the salon, 10 (6 seats) on the terrace. */
  table(number: number): { roomId: string; tableId: string; seats: number };
  /** `{ roomId, tableId }` of table `number`, as the API takes it. */
  ref(number: number): { roomId: string; tableId: string };
}

export async function insertTestRestaurant(
  db: TestDatabase,
  overrides: Partial<SeedRestaurant> = {},
): Promise<TestRestaurant> {
  const inserted = await insertRestaurant(
    db.db,
    buildSeedRestaurant({
      openingHours: TEST_HOURS,
      rooms: [
        {
          key: 'salon',
          name: { es: 'Salón', en: 'Dining room' },
          tables: [
            { number: 1, seats: 2 },
            { number: 2, seats: 4 },
          ],
        },
        { key: 'terraza', name: { es: 'Terraza', en: 'Terrace' }, tables: [{ number: 10, seats: 6 }] },
      ],
      // suites about other rules book many times as one diner; booking-limits.test.ts sets its own
      bookingLimits: { maxPerUser: 1000, maxPerGuest: 1000, horizonDays: 366 },
      ...overrides,
    }),
  );
  const table = (number: number) => {
    for (const room of inserted.rooms) {
      const found = room.tables.find((candidate) => candidate.number === number);
      if (found) return { roomId: room.id, tableId: found.id, seats: found.seats };
    }
    throw new Error(`no table ${number}`);
  };
  return {
    ...inserted,
    table,
    ref(number) {
      const { roomId, tableId } = table(number);
      return { roomId, tableId };
    },
  };
}

/** A valid reservation input at the restaurant (table 2, Tuesday 13:00, 60 min, 2 people). */
export function reservationInput(
  restaurant: TestRestaurant,
  overrides: Partial<CreateReservationInput> = {},
): CreateReservationInput {
  return {
    restaurantId: restaurant.restaurant.id,
    date: DAY,
    startAt: '13:00',
    duration: 60,
    quantity: 2,
    table: restaurant.ref(2),
    ...overrides,
  };
}

/**
 * The `n`-th (from 0) of distinct one-hour lunch slots from DAY on (12:00–15:00, Sundays
 * skipped; the test restaurants take bookings a year ahead): one diner may hold a reservation at each,
 * since none overlaps another (docs/product.md#booking-limits).
 */
export function distinctSlot(n: number): { date: string; startAt: string } {
  let day = new Date(`${DAY}T12:00:00Z`);
  let left = Math.floor(n / 4);
  while (left > 0 || day.getUTCDay() === 0) {
    day = new Date(day.getTime() + 24 * 60 * 60 * 1000);
    if (day.getUTCDay() !== 0) left -= 1;
  }
  return { date: day.toISOString().slice(0, 10), startAt: `${12 + (n % 4)}:00` };
}

/** Creates a reservation through the API; fails the test unless 201. */
export async function reserve(
  app: FastifyInstance,
  as: TestSession,
  input: CreateReservationInput,
): Promise<Reservation> {
  const response = await callApi(app, 'POST', '/api/reservations', { as, body: input });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/reservations answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as Reservation;
}

// Table links (table-links.test.ts, join-requests.test.ts)

/** NOW's date in the test restaurant's zone (a Monday: lunch 12:00–16:00). */
export const TODAY = '2026-03-02';

/** Today at `HH:mm` (and seconds) in Santiago, as an instant (UTC-3 in March). */
export const todayAt = (time: string, seconds = 0): Date =>
  new Date(`${TODAY}T${time}:${String(seconds).padStart(2, '0')}-03:00`);

/** A table reservation of `as` today (by default now, 12:00, 60 minutes at table 2 for 2). */
export function reserveTable(
  app: FastifyInstance,
  as: TestSession,
  restaurant: TestRestaurant,
  options: { number?: number; startAt?: string; duration?: number; quantity?: number } = {},
): Promise<Reservation> {
  const { number = 2, startAt = '12:00', duration = 60, quantity = 2 } = options;
  return reserve(
    app,
    as,
    reservationInput(restaurant, { date: TODAY, startAt, duration, quantity, table: restaurant.ref(number) }),
  );
}

/** `member` joins the reservation of `creator` by an accepted invitation; fails the test otherwise. */
export async function joinByInvitation(
  app: FastifyInstance,
  creator: TestSession,
  member: TestSession,
  reservationId: string,
): Promise<void> {
  // an invitation by e-mail is answered by the verified owner of the address
  await markEmailVerified(app, member);
  const invited = await callApi(app, 'POST', `/api/reservations/${reservationId}/invitations`, {
    as: creator,
    body: { email: member.email },
  });
  const accepted = await callApi(
    app,
    'POST',
    `/api/invitations/${invited.json<{ id: string }>().id}/accept`,
    {
      as: member,
    },
  );
  if (accepted.statusCode !== 200)
    throw new Error(`accepting answered ${accepted.statusCode}: ${accepted.body}`);
}

/** GET the table link lookup (`query` as in the link, e.g. `table=2`). */
export const lookupTable = (
  app: FastifyInstance,
  as: TestSession | null,
  restaurant: TestRestaurant,
  query: string,
) => callApi(app, 'GET', `/api/restaurants/${restaurant.restaurant.id}/tables/lookup?${query}`, { as });

/** POST a walk-in at the restaurant. */
export const walkIn = (
  app: FastifyInstance,
  as: TestSession | null,
  restaurant: TestRestaurant,
  body: unknown,
) => callApi(app, 'POST', `/api/restaurants/${restaurant.restaurant.id}/walk-ins`, { as, body });
