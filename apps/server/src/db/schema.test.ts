import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';
import {
  buildSeedProduct,
  buildSeedRestaurant,
  insertRestaurant,
  type InsertedRestaurant,
} from './seed/insert-restaurant.ts';

const TABLES = [
  'users',
  'sessions',
  'staff_audit',
  'accounts',
  'verifications',
  'restaurants',
  'rooms',
  'dining_tables',
  'products',
  'user_points',
  'favorite_restaurants',
  'favorite_products',
  'reservations',
  'reservation_members',
  'invitations',
  'join_requests',
  'orders',
  'pending_payments',
  'payment_allocations',
  'restaurant_staff',
  'transactions',
  'client_records',
  'client_record_reservations',
  'error_records',
  'error_reports',
  'analytics_events',
  'app_meta',
  'rate_limits',
  'idempotency_keys',
  'rate_buckets',
];

let db: TestDatabase;
let client: pg.Client;
let place: InsertedRestaurant;
let userId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.connectionString });
  await client.connect();
  place = await insertRestaurant(db.db, buildSeedRestaurant());
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (name, email) VALUES ('Ana', $1) RETURNING id`,
    [`ana-${randomUUID()}@example.com`],
  );
  userId = rows[0]!.id;
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
});

/** A pickup reservation of the user (no table: it never clashes); its id. */
async function insertPickup(): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO reservations (restaurant_id, starts_at, ends_at, kind, created_by)
     VALUES ($1, now(), now() + interval '1 hour', 'pickup', $2) RETURNING id`,
    [place.restaurant.id, userId],
  );
  return rows[0]!.id;
}

/** The PostgreSQL error code of a failing statement (e.g. 23P01 exclusion, 23514 check). */
async function errorCode(statement: string, params: unknown[] = []): Promise<string | null> {
  try {
    await client.query('SAVEPOINT attempt');
    await client.query(statement, params);
    await client.query('RELEASE SAVEPOINT attempt');
    return null;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT attempt');
    return (error as { code?: string }).code ?? 'unknown';
  }
}

describe('migrations', () => {
  it('create every table', async () => {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual([...TABLES].sort());
  });

  it('match schema.ts (drizzle-kit generate finds nothing to add)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-drizzle-'));
    try {
      await cp(MIGRATIONS_FOLDER, path.join(dir, 'out'), { recursive: true });
      const bin = path.join(path.dirname(fileURLToPath(import.meta.resolve('drizzle-kit'))), 'bin.cjs');
      const schema = fileURLToPath(new URL('./schema.ts', import.meta.url));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [bin, 'generate', '--dialect=postgresql', `--schema=${schema}`, '--out=./out'],
        { cwd: dir },
      );
      expect(stdout, 'run `npm run db:generate -w @comensal/server` and commit the migration').toContain(
        'No schema changes',
      );
      expect(await readdir(path.join(dir, 'out'))).toEqual(await readdir(MIGRATIONS_FOLDER));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are recorded, and running them again changes nothing', async () => {
    const before = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    await Promise.all([migrateDatabase(db.connectionString), migrateDatabase(db.connectionString)]);
    const after = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect(before.rows[0].n).toBeGreaterThanOrEqual(2);
  });
});

describe('the reservation exclusion constraint (no overlapping active bookings of one table)', () => {
  const room = () => place.rooms[0]!;
  const table = () => room().tables[0]!;
  const reserve = (
    startsAt: string,
    endsAt: string,
    status = 'confirmed',
    tableId: string | null = table().id,
  ) =>
    errorCode(
      `INSERT INTO reservations (restaurant_id, room_id, table_id, starts_at, ends_at, status, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [place.restaurant.id, tableId ? room().id : null, tableId, startsAt, endsAt, status, userId],
    );

  beforeAll(() => client.query('BEGIN'));
  afterAll(() => client.query('ROLLBACK'));

  it('accepts the first booking', async () => {
    expect(await reserve('2026-03-02T20:00:00Z', '2026-03-02T21:00:00Z')).toBeNull();
  });

  it('rejects an overlapping booking of the same table', async () => {
    expect(await reserve('2026-03-02T20:30:00Z', '2026-03-02T21:30:00Z')).toBe('23P01');
    expect(await reserve('2026-03-02T19:00:00Z', '2026-03-02T22:00:00Z')).toBe('23P01');
    expect(await reserve('2026-03-02T20:00:00Z', '2026-03-02T21:00:00Z', 'seated')).toBe('23P01');
  });

  it('accepts a touching booking (half-open ranges)', async () => {
    expect(await reserve('2026-03-02T21:00:00Z', '2026-03-02T22:00:00Z')).toBeNull();
    expect(await reserve('2026-03-02T19:00:00Z', '2026-03-02T20:00:00Z')).toBeNull();
  });

  it('ignores cancelled bookings', async () => {
    expect(await reserve('2026-03-02T20:15:00Z', '2026-03-02T20:45:00Z', 'cancelled')).toBeNull();
  });

  it('allows the same time on another table, and bookings without a table', async () => {
    const other = room().tables[1]!;
    expect(await reserve('2026-03-02T20:00:00Z', '2026-03-02T21:00:00Z', 'confirmed', other.id)).toBeNull();
    expect(await reserve('2026-03-02T20:00:00Z', '2026-03-02T21:00:00Z', 'confirmed', null)).toBeNull();
  });

  it('rejects a table of another restaurant, an empty range and a bad status', async () => {
    const elsewhere = await insertRestaurant(db.db, buildSeedRestaurant());
    expect(
      await reserve(
        '2026-03-03T20:00:00Z',
        '2026-03-03T21:00:00Z',
        'confirmed',
        elsewhere.rooms[0]!.tables[0]!.id,
      ),
    ).toBe('23503');
    expect(await reserve('2026-03-03T21:00:00Z', '2026-03-03T21:00:00Z')).toBe('23514');
    expect(await reserve('2026-03-03T20:00:00Z', '2026-03-03T21:00:00Z', 'maybe')).toBe('23514');
  });
});

describe('absolute rules are CHECK constraints', () => {
  beforeAll(() => client.query('BEGIN'));
  afterAll(() => client.query('ROLLBACK'));

  it('rejects negative prices, stock and points, and an unknown time zone', async () => {
    const productId = place.products[0]!.id;
    expect(await errorCode('UPDATE products SET price_minor = -1 WHERE id = $1', [productId])).toBe('23514');
    expect(await errorCode('UPDATE products SET stock = -1 WHERE id = $1', [productId])).toBe('23514');
    expect(await errorCode(`UPDATE products SET schedule_start = '25:00' WHERE id = $1`, [productId])).toBe(
      '23514',
    );
    expect(
      await errorCode(`UPDATE products SET discount = 120, discount_type = 'percent' WHERE id = $1`, [
        productId,
      ]),
    ).toBe('23514');
    expect(
      await errorCode(`INSERT INTO user_points (user_id, restaurant_id, balance) VALUES ($1, $2, -5)`, [
        userId,
        place.restaurant.id,
      ]),
    ).toBe('23514');
    expect(
      await errorCode(`UPDATE restaurants SET time_zone = 'Mars/Olympus' WHERE id = $1`, [
        place.restaurant.id,
      ]),
    ).not.toBeNull();
  });

  it('rejects an order quantity below 1', async () => {
    const reservationId = await insertPickup();
    const order = (quantity: number) =>
      errorCode(
        `INSERT INTO orders (reservation_id, product_id, user_id, quantity, unit_price_minor, total_price_minor)
         VALUES ($1, $2, $3, $4, 100, 100)`,
        [reservationId, place.products[0]!.id, userId, quantity],
      );
    expect(await order(0)).toBe('23514');
    expect(await order(1)).toBeNull();
  });

  it("bounds an order line's payment counters by its price, and ties its kind to a product", async () => {
    const reservationId = await insertPickup();
    const line = (kind: string, productId: string | null, counters = '0, 0, 0') =>
      errorCode(
        `INSERT INTO orders (reservation_id, kind, product_id, user_id, quantity, unit_price_minor,
                             total_price_minor, allocated_minor, pending_minor, paid_minor)
         VALUES ($1, $2, $3, $4, 1, 1000, 1000, ${counters})`,
        [reservationId, kind, productId, userId],
      );
    const productId = place.products[0]!.id;
    expect(await line('item', productId)).toBeNull();
    expect(await line('item', null)).toBe('23514');
    expect(await line('delivery', productId)).toBe('23514');
    expect(await line('tip', productId)).toBe('23514');
    // allocated ≤ price; paid + pending ≤ allocated; none negative
    expect(await line('item', productId, '1000, 400, 600')).toBeNull();
    expect(await line('item', productId, '1001, 0, 0')).toBe('23514');
    expect(await line('item', productId, '500, 300, 300')).toBe('23514');
    expect(await line('item', productId, '0, 0, -1')).toBe('23514');
    // one delivery line per reservation
    expect(await line('delivery', null)).toBeNull();
    expect(await line('delivery', null)).toBe('23505');
  });

  it('keeps one pending invitation per invitee and reservation, and Pago Móvil references unique', async () => {
    const reservationId = await insertPickup();
    const invite = (email: string) =>
      errorCode(
        `INSERT INTO invitations (invitee_email, restaurant_id, reservation_id, invited_by) VALUES ($1, $2, $3, $4)`,
        [email, place.restaurant.id, reservationId, userId],
      );
    expect(await invite('friend@example.com')).toBeNull();
    expect(await invite('Friend@Example.com')).toBe('23505');
    const pay = (reference: string) =>
      errorCode(
        `INSERT INTO transactions (restaurant_id, reservation_id, payer_user_id, amount_minor, payment_type, bank_code, reference, transfer_date)
         VALUES ($1, $2, $3, 1000, 'mobile_transfer', '0102', $4, '2026-03-02')`,
        [place.restaurant.id, reservationId, userId, reference],
      );
    expect(await pay('123456')).toBeNull();
    expect(await pay('123456')).toBe('23505');
    expect(await pay('654321')).toBeNull();
  });
});

describe('insertRestaurant (the seed factory)', () => {
  it('stores derived fields: currency from the country, vegetarian from vegan, discount columns', async () => {
    const { restaurant, products } = await insertRestaurant(
      db.db,
      buildSeedRestaurant({
        country: 'PE',
        timeZone: 'America/Lima',
        products: [buildSeedProduct({ tags: ['vegan'], discount: { type: 'percent', value: 10 } })],
      }),
    );
    expect(restaurant.currency).toBe('PEN');
    expect(products[0]).toMatchObject({
      vegan: true,
      vegetarian: true,
      discount: 10,
      discountType: 'percent',
    });
    expect(restaurant.images).toEqual([]);
  });
});
