/**
 * Test support for the reservation and invitation suites (imported by *.test.ts only): an app
 * whose log lines are captured, a restaurant with known tables and hours, and a reservation
 * helper. Sessions of each role come from src/test/sessions.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { CreateReservationInput, Reservation } from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import {
  buildSeedRestaurant,
  insertRestaurant,
  type InsertedRestaurant,
} from '../../db/seed/insert-restaurant.ts';
import type { SeedRestaurant } from '../../db/seed/types.ts';
import { createTestClock, testConfig, type TestClock } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { callApi, type TestSession } from '../../test/sessions.ts';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface LoggedTestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  clock: TestClock;
  /** Every log line of the app (info and above), parsed. */
  logs: LogLine[];
  close(): Promise<void>;
}

/** Like buildTestApp, with the log lines kept in `logs` (for the spec's logged messages). */
export async function buildLoggedTestApp(
  options: { now?: Date; config?: Partial<Config>; decorate?: (app: FastifyInstance) => void } = {},
): Promise<LoggedTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-test-data-'));
  const db = await createTestDatabase();
  const config = testConfig({ dataDir, ...options.config });
  const clock = createTestClock(options.now);
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const app = await buildApp({
    config,
    database: db,
    now: clock.now,
    logger: pino({ level: 'info' }, stream),
  });
  return {
    app,
    db,
    config,
    clock,
    logs,
    async close() {
      await app.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

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
