/**
 * Error records (docs/telemetry.md#error-records): POST /api/errors for anyone, capped (413),
 * rate-limited per session and per address (429 with Retry-After), scrubbed before storing; and
 * GET /api/staff/errors for the staff of the records' restaurants only, newest first, paged and
 * filtered.
 */
import { ERROR_REPORT_MAX_BYTES, type ErrorReportInput, type ErrorReportList } from '@comensal/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS, withBurstPerAddress } from '../../config.ts';
import { errorReports } from '../../db/schema.ts';
import { buildTestApp, TEST_ABUSE_LIMITS, type TestApp } from '../../test/app.ts';
import { getWith, postJson, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { addStaff } from '../payments/testing.ts';
import { insertTestRestaurant, type TestRestaurant } from '../reservations/testing.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
const UUID = '3f2b8c1e-9d4a-4b7e-8c2f-1a2b3c4d5e6f';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

const record = (overrides: Partial<ErrorReportInput> = {}): ErrorReportInput => ({
  kind: 'menu_load_failed',
  message: 'Error al cargar el menú',
  route: '/restaurants/x/menu',
  appVersion: '1.0.0',
  locale: 'es-ES',
  ...overrides,
});

const rowsOf = (t: TestApp) => t.db.db.select().from(errorReports).orderBy(asc(errorReports.seq));

describe('POST /api/errors', () => {
  let t: TestApp;
  let restaurant: TestRestaurant;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    restaurant = await insertTestRestaurant(t.db);
  });
  afterAll(() => t?.close());

  it('stores a record from an anonymous caller, with the user agent of the header: 201', async () => {
    const res = await postJson(
      t.app,
      '/api/errors',
      record({ restaurantId: restaurant.restaurant.id, reservationId: UUID, stack: 'Error: x\n at y' }),
      { origin: null, headers: { 'user-agent': 'Mozilla/5.0 (Test) Chromium/140' } },
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await t.db.db.select().from(errorReports).where(eq(errorReports.id, id));
    expect(row).toMatchObject({
      kind: 'menu_load_failed',
      message: 'Error al cargar el menú',
      stack: 'Error: x\n at y',
      route: '/restaurants/x/menu',
      restaurantId: restaurant.restaurant.id,
      reservationId: UUID,
      appVersion: '1.0.0',
      locale: 'es-ES',
      userAgent: 'Mozilla/5.0 (Test) Chromium/140',
      createdAt: NOW,
    });
  });

  it('takes records from guests and signed-in users alike', async () => {
    const guest = await signInGuest(t.app);
    const user = await signUpUser(t.app);
    for (const session of [guest, user]) {
      const res = await postJson(t.app, '/api/errors', record({ kind: 'uncaught' }), {
        cookie: session.cookie,
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('scrubs e-mails, tokens and secrets from the message, stack, route and user agent before storing', async () => {
    const res = await postJson(
      t.app,
      '/api/errors',
      record({
        kind: 'user_not_found',
        message: 'El usuario no existe: ana.perez@example.com (Bearer abc.def-123)',
        stack: `Error: ${JWT}\n at fetch (/api/users?q=ana%40example.com&token=s3cr3t)\nIdempotency-Key: k-42-xyz`,
        route: `/auth/reset-password?token=a1b2c3&email=ana@example.com`,
      }),
      { origin: null, headers: { 'user-agent': 'Agent ana@example.com' } },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.id, res.json<{ id: string }>().id));
    expect(row?.message).toBe('El usuario no existe: [email] (Bearer [token])');
    expect(row?.stack).toBe(
      'Error: [jwt]\n at fetch (/api/users?q=[email]&token=[token])\nIdempotency-Key: [token]',
    );
    expect(row?.route).toBe('/auth/reset-password?token=[token]&email=[email]');
    expect(row?.userAgent).toBe('Agent [email]');
    const stored = JSON.stringify(row);
    for (const secret of ['ana.perez', 'ana@example', 'abc.def', 's3cr3t', 'k-42-xyz', 'a1b2c3', 'eyJ'])
      expect(stored).not.toContain(secret);
  });

  it('keeps the record but drops a restaurant id that names no restaurant', async () => {
    const res = await postJson(t.app, '/api/errors', record({ restaurantId: UUID }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.db
      .select()
      .from(errorReports)
      .where(eq(errorReports.id, res.json<{ id: string }>().id));
    expect(row?.restaurantId).toBeNull();
  });

  it.each([
    ['an unknown field', { ...record(), email: 'ana@example.com' }],
    ['an unknown kind', { ...record(), kind: 'boom' }],
    ['no message', { ...record(), message: undefined }],
    ['an empty message', record({ message: '' })],
    ['a message past its cap', record({ message: 'x'.repeat(1001) })],
    ['a stack past its cap', record({ stack: 'x'.repeat(8001) })],
    ['a route that is not a path', record({ route: 'https://evil.test/' })],
    ['a restaurant id that is not a uuid', { ...record(), restaurantId: 'r1' }],
    ['a locale that is not a tag', record({ locale: 'es ES!' })],
    ['no app version', { ...record(), appVersion: undefined }],
  ])('refuses %s: 400 VALIDATION_FAILED, nothing stored', async (_, body) => {
    const before = (await rowsOf(t)).length;
    const res = await postJson(t.app, '/api/errors', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    expect((await rowsOf(t)).length).toBe(before);
  });

  it(`refuses a body past ${ERROR_REPORT_MAX_BYTES} bytes: 413 PAYLOAD_TOO_LARGE in the error shape, nothing stored`, async () => {
    const before = (await rowsOf(t)).length;
    const body = JSON.stringify(record({ stack: 'x'.repeat(ERROR_REPORT_MAX_BYTES) }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/errors',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) } });
    expect((await rowsOf(t)).length).toBe(before);
  });

  it('refuses a cross-site post that carries the session cookie: 403, nothing stored', async () => {
    const guest = await signInGuest(t.app);
    const before = (await rowsOf(t)).length;
    const res = await postJson(t.app, '/api/errors', record(), {
      cookie: guest.cookie,
      origin: 'https://evil.test',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await rowsOf(t)).length).toBe(before);
  });

  it('deletes records older than 30 days when a new one arrives', async () => {
    t.clock.set(new Date(NOW.getTime() + 31 * 24 * 60 * 60 * 1000));
    try {
      const res = await postJson(t.app, '/api/errors', record());
      expect(res.statusCode).toBe(201);
      const rows = await rowsOf(t);
      expect(rows.map((row) => row.id)).toEqual([res.json<{ id: string }>().id]);
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('POST /api/errors rate limits', () => {
  let t: TestApp;
  const perSession = { capacity: 3, perMinute: 1 };
  const perAddress = { capacity: 5, perMinute: 1 };
  beforeAll(async () => {
    t = await buildTestApp({
      now: NOW,
      config: {
        abuseLimits: {
          ...TEST_ABUSE_LIMITS,
          errorReportsPerSession: perSession,
          errorReportsPerAddress: perAddress,
        },
      },
    });
  });
  afterAll(() => t?.close());

  it('has defaults that let a burst through and then a steady rate', () => {
    expect(DEFAULT_ABUSE_LIMITS.errorReportsPerSession.capacity).toBeGreaterThan(1);
    expect(DEFAULT_ABUSE_LIMITS.errorReportsPerAddress.capacity).toBeGreaterThan(
      DEFAULT_ABUSE_LIMITS.errorReportsPerSession.capacity,
    );
    // ABUSE_BURST_PER_ADDRESS sets the address's burst, as for bookings
    expect(withBurstPerAddress(DEFAULT_ABUSE_LIMITS, 500).errorReportsPerAddress).toEqual({
      capacity: 500,
      perMinute: DEFAULT_ABUSE_LIMITS.errorReportsPerAddress.perMinute,
    });
  });

  it('refuses a session past its burst, from any address: 429 with Retry-After', async () => {
    const guest = await signInGuest(t.app, { ip: '10.0.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < perSession.capacity + 1; i += 1) {
      const res = await postJson(t.app, '/api/errors', record(), {
        cookie: guest.cookie,
        ip: `10.1.0.${i + 1}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // another session is not affected
    const other = await signInGuest(t.app, { ip: '10.0.0.2' });
    const res = await postJson(t.app, '/api/errors', record(), { cookie: other.cookie, ip: '10.1.1.1' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an address past its burst, with or without a session: 429 with Retry-After; other addresses go on', async () => {
    const ip = '10.2.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < perAddress.capacity + 1; i += 1) {
      const res = await postJson(t.app, '/api/errors', record(), { origin: null, ip });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const guest = await signInGuest(t.app, { ip: '10.0.0.3' });
    const withSession = await postJson(t.app, '/api/errors', record(), { cookie: guest.cookie, ip });
    expect(withSession.statusCode).toBe(429);
    expect(withSession.headers['retry-after']).toBe('60');
    const elsewhere = await postJson(t.app, '/api/errors', record(), { origin: null, ip: '10.2.0.2' });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('holds the per-address limit under simultaneous requests', async () => {
    const ip = '10.3.0.1';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postJson(t.app, '/api/errors', record(), { origin: null, ip })),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(perAddress.capacity);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(20 - perAddress.capacity);
  });
});

describe('GET /api/staff/errors', () => {
  let t: TestApp;
  let restaurant: TestRestaurant;
  let elsewhere: TestRestaurant;
  let guest: TestSession;
  let diner: TestSession;
  let otherStaff: TestSession;
  let staff: TestSession;
  let owner: TestSession;
  type Role = 'anonymous' | 'guest' | 'diner' | 'otherStaff' | 'staff' | 'owner';
  const as = (role: Role): TestSession | null =>
    ({ anonymous: null, guest, diner, otherStaff, staff, owner })[role];
  const list = async (role: Role, query = '') =>
    getWith(t.app, `/api/staff/errors${query}`, as(role)?.cookie);

  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    restaurant = await insertTestRestaurant(t.db);
    elsewhere = await insertTestRestaurant(t.db);
    [guest, diner, otherStaff, staff, owner] = await Promise.all([
      signInGuest(t.app),
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app),
      signUpUser(t.app),
    ]);
    await addStaff(t.db.db, restaurant.restaurant.id, staff.userId, 'staff');
    await addStaff(t.db.db, restaurant.restaurant.id, owner.userId, 'owner');
    await addStaff(t.db.db, elsewhere.restaurant.id, otherStaff.userId, 'owner');
    // 5 records here (a minute apart), 1 at the other restaurant, 1 tied to no restaurant
    for (let i = 0; i < 5; i += 1) {
      t.clock.set(new Date(NOW.getTime() + i * 60_000));
      await postJson(
        t.app,
        '/api/errors',
        record({
          kind: i % 2 === 0 ? 'menu_load_failed' : 'product_not_found',
          message: `failure ${i} for diner${i}@example.com`,
          restaurantId: restaurant.restaurant.id,
        }),
      );
    }
    await postJson(t.app, '/api/errors', record({ message: 'other', restaurantId: elsewhere.restaurant.id }));
    await postJson(t.app, '/api/errors', record({ kind: 'geolocation_failed', message: 'nowhere' }));
    t.clock.set(NOW);
  }, 60_000);
  afterAll(() => t?.close());

  it.each([
    ['anonymous', 401, 'UNAUTHENTICATED'],
    ['guest', 403, 'FORBIDDEN'],
    ['diner', 403, 'FORBIDDEN'],
  ] as const)('refuses %s: %i %s', async (role, status, code) => {
    const res = await list(role);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: { code } });
  });

  it.each(['staff', 'owner'] as const)(
    'lists the restaurant’s records to its %s, newest first, scrubbed, nothing of other restaurants or of none',
    async (role) => {
      const res = await list(role);
      expect(res.statusCode).toBe(200);
      const body = res.json<ErrorReportList>();
      expect(body.items.map((item) => item.message)).toEqual([
        'failure 4 for [email]',
        'failure 3 for [email]',
        'failure 2 for [email]',
        'failure 1 for [email]',
        'failure 0 for [email]',
      ]);
      expect(body.items[0]).toMatchObject({
        kind: 'menu_load_failed',
        restaurantId: restaurant.restaurant.id,
        restaurantName: restaurant.restaurant.name,
        createdAt: new Date(NOW.getTime() + 4 * 60_000).toISOString(),
      });
      expect(body.nextCursor).toBeNull();
    },
  );

  it('shows staff of another restaurant only their own records, and refuses them this one: 403', async () => {
    const mine = await list('otherStaff');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<ErrorReportList>().items.map((item) => item.message)).toEqual(['other']);
    const theirs = await list('otherStaff', `?restaurantId=${restaurant.restaurant.id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('pages with the cursor until the end', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list('owner', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body: ErrorReportList = res.json();
      seen.push(...body.items.map((item) => item.message));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect(seen[0]).toBe('failure 4 for [email]');
    expect(seen[4]).toBe('failure 0 for [email]');
  });

  it('filters by kind, by restaurant and by a date range', async () => {
    const byKind = await list('owner', '?kind=product_not_found');
    expect(byKind.json<ErrorReportList>().items.map((item) => item.message)).toEqual([
      'failure 3 for [email]',
      'failure 1 for [email]',
    ]);
    const byRestaurant = await list('staff', `?restaurantId=${restaurant.restaurant.id}`);
    expect(byRestaurant.json<ErrorReportList>().items).toHaveLength(5);
    const from = new Date(NOW.getTime() + 60_000).toISOString();
    const to = new Date(NOW.getTime() + 3 * 60_000).toISOString();
    const byDate = await list('owner', `?from=${from}&to=${to}`);
    expect(byDate.json<ErrorReportList>().items.map((item) => item.message)).toEqual([
      'failure 2 for [email]',
      'failure 1 for [email]',
    ]);
  });

  it.each([
    ['an unknown field', '?debug=1'],
    ['an unknown kind', '?kind=boom'],
    ['a restaurant id that is not a uuid', '?restaurantId=r1'],
    ['a date that is not an instant', '?from=yesterday'],
    ['a garbled cursor', '?cursor=not-a-cursor'],
    ['a limit past 100', '?limit=101'],
  ])('refuses %s: 400 VALIDATION_FAILED', async (_, query) => {
    const res = await list('owner', query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});
