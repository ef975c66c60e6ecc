/**
 * POST /api/analytics/events (docs/telemetry.md#events): a batch is stored without anything that
 * leads to a person; JSON or sendBeacon's text/plain; the caps (20 events → 400, 16 KiB → 413);
 * closed names and fields (unknown or person-shaped fields → 400, nothing stored); the page's
 * own origin only; times clamped; an event id stored once; the retention sweep; and the
 * per-address rate (429), also under simultaneous batches.
 */
import { randomUUID } from 'node:crypto';
import { ANALYTICS_BATCH_MAX, ANALYTICS_BODY_MAX_BYTES } from '@comensal/contracts';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema.ts';
import { buildTestApp, TEST_ABUSE_LIMITS, type TestApp } from '../../test/app.ts';
import { signUpUser, TEST_ORIGIN } from '../../test/sessions.ts';
import { analyticsRepository } from './analytics-repository.ts';

const NOW = new Date('2026-11-20T15:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const URL = '/api/analytics/events';
const RESTAURANT = randomUUID();

const pageView = (overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  at: NOW.getTime() - 1000,
  name: 'page_view',
  route: '/restaurants/:restaurantId/menu',
  restaurantId: RESTAURANT,
  locale: 'es-ES',
  ...overrides,
});
const batchOf = (events: unknown[], visitorId: string = randomUUID()) => ({ visitorId, events });

interface PostOptions {
  contentType?: string;
  origin?: string | null;
  cookie?: string;
  ip?: string;
}

function post(t: TestApp, body: unknown, options: PostOptions = {}) {
  const { contentType = 'application/json', origin = TEST_ORIGIN, cookie, ip } = options;
  return t.app.inject({
    method: 'POST',
    url: URL,
    ...(ip ? { remoteAddress: ip } : {}),
    headers: {
      'content-type': contentType,
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const storedEvents = (t: TestApp) => t.db.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));

describe('POST /api/analytics/events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    await t.db.db.delete(analyticsEvents);
  });

  it('stores a batch with the visitor id and no trace of the signed-in person', async () => {
    const diner = await signUpUser(t.app, { name: 'Ana Pérez' });
    const visitorId = randomUUID();
    const events = [
      pageView(),
      { id: randomUUID(), at: NOW.getTime() - 500, name: 'search', filtered: true },
      { id: randomUUID(), at: NOW.getTime() - 400, name: 'restaurant', restaurantId: RESTAURANT },
      {
        id: randomUUID(),
        at: NOW.getTime() - 300,
        name: 'reserve',
        restaurantId: RESTAURANT,
        kind: 'pickup',
      },
      { id: randomUUID(), at: NOW.getTime() - 200, name: 'pay', restaurantId: RESTAURANT, method: 'cash' },
    ];
    const res = await post(t, batchOf(events, visitorId), { cookie: diner.cookie });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 5 });

    const rows = await storedEvents(t);
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.visitorId).toBe(visitorId);
      expect(row.receivedAt).toEqual(NOW);
      expect(Object.keys(row).sort()).toEqual(
        ['id', 'name', 'occurredAt', 'params', 'receivedAt', 'restaurantId', 'visitorId'].sort(),
      );
    }
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('page_view')).toMatchObject({
      restaurantId: RESTAURANT,
      params: { route: '/restaurants/:restaurantId/menu', locale: 'es-ES' },
      occurredAt: new Date(NOW.getTime() - 1000),
    });
    expect(byName.get('search')).toMatchObject({ restaurantId: null, params: { filtered: true } });
    expect(byName.get('reserve')?.params).toEqual({ kind: 'pickup' });
    expect(byName.get('pay')?.params).toEqual({ method: 'cash' });
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(diner.userId);
    expect(everything).not.toContain(diner.email);
    expect(everything).not.toContain('Ana');
  });

  it.each(['text/plain;charset=UTF-8', 'text/plain'])(
    'takes a sendBeacon body (%s holding JSON)',
    async (contentType) => {
      const res = await post(t, batchOf([pageView(), pageView({ route: '/' })]), { contentType });
      expect(res.statusCode).toBe(202);
      expect(await storedEvents(t)).toHaveLength(2);
    },
  );

  it('stores an event once when its batch comes twice (a fetch, then the beacon)', async () => {
    const batch = batchOf([pageView(), pageView()]);
    expect((await post(t, batch)).statusCode).toBe(202);
    expect((await post(t, batch, { contentType: 'text/plain;charset=UTF-8' })).statusCode).toBe(202);
    expect(await storedEvents(t)).toHaveLength(2);
  });

  it('clamps the browser time to the last hour: a future event is now, an old one an hour ago', async () => {
    const future = pageView({ at: NOW.getTime() + 3 * DAY });
    const old = pageView({ at: NOW.getTime() - 3 * DAY });
    const zero = pageView({ at: 0 });
    expect((await post(t, batchOf([future, old, zero]))).statusCode).toBe(202);
    const at = new Map((await storedEvents(t)).map((row) => [row.id, row.occurredAt.getTime()]));
    expect(at.get(future.id)).toBe(NOW.getTime());
    expect(at.get(old.id)).toBe(NOW.getTime() - HOUR);
    expect(at.get(zero.id)).toBe(NOW.getTime() - HOUR);
  });

  it(`takes ${ANALYTICS_BATCH_MAX} events and refuses ${ANALYTICS_BATCH_MAX + 1} or none: 400, nothing stored`, async () => {
    const full = Array.from({ length: ANALYTICS_BATCH_MAX }, () => pageView());
    expect((await post(t, batchOf(full))).statusCode).toBe(202);
    await t.db.db.delete(analyticsEvents);
    for (const events of [[...full, pageView()], []]) {
      const res = await post(t, batchOf(events));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await storedEvents(t)).toHaveLength(0);
  });

  it(`refuses a body over ${ANALYTICS_BODY_MAX_BYTES} bytes: 413 PAYLOAD_TOO_LARGE, in JSON and text/plain`, async () => {
    const big = JSON.stringify({ ...batchOf([pageView()]), padding: 'x'.repeat(ANALYTICS_BODY_MAX_BYTES) });
    for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
      const res = await post(t, big, { contentType });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    }
    expect(await storedEvents(t)).toHaveLength(0);
  });

  const email = 'ana.perez@example.com';
  it.each([
    ['an unknown top-level field', { ...batchOf([pageView()]), userId: randomUUID() }],
    ['an e-mail field on an event', batchOf([pageView({ email })])],
    [
      'a name field on an event',
      batchOf([{ id: randomUUID(), at: 1, name: 'invite', restaurantId: RESTAURANT, inviteeName: 'Ana' }]),
    ],
    ['a search text', batchOf([{ id: randomUUID(), at: 1, name: 'search', query: 'Ana Pérez' }])],
    [
      'a field of another event (kind on pay)',
      batchOf([
        { id: randomUUID(), at: 1, name: 'pay', restaurantId: RESTAURANT, method: 'cash', kind: 'table' },
      ]),
    ],
    ['an unknown event name', batchOf([{ id: randomUUID(), at: 1, name: 'sign_up' }])],
    ['an e-mail as the visitor id', batchOf([pageView()], email)],
    ['an e-mail in the route', batchOf([pageView({ route: `/users/${email}` })])],
    ['an address with an id as the route', batchOf([pageView({ route: `/restaurants/${RESTAURANT}/menu` })])],
    ['a name as the restaurant id', batchOf([pageView({ restaurantId: 'Ana Pérez' })])],
    ['an unknown locale', batchOf([pageView({ locale: 'fr-FR' })])],
    ['a time that is not a number', batchOf([pageView({ at: '2026-11-20' })])],
    ['a step without its restaurant', batchOf([{ id: randomUUID(), at: 1, name: 'menu' }])],
    ['no events list', { visitorId: randomUUID() }],
  ])('refuses %s: 400 VALIDATION_FAILED, nothing stored', async (_, body) => {
    const res = await post(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await storedEvents(t)).toHaveLength(0);
  });

  it.each([
    ['text/plain that is not JSON', 'text/plain', 'visitor=ana@example.com'],
    ['an empty text/plain body', 'text/plain', ''],
    ['JSON that is not an object', 'application/json', '[1,2,3]'],
  ])('refuses %s: 400', async (_, contentType, body) => {
    const res = await post(t, body, { contentType });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a form body: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await post(t, 'a=1', { contentType: 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each([
    ['without an Origin', null],
    ['from another site', 'https://evil.example'],
  ])('refuses a batch %s, even without a session: 403 FORBIDDEN, nothing stored', async (_, origin) => {
    const res = await post(t, batchOf([pageView()]), { origin, contentType: 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await storedEvents(t)).toHaveLength(0);
  });

  it('deletes the events past 90 days when it stores new ones', async () => {
    const repository = analyticsRepository(t.db.db);
    const old = {
      visitorId: randomUUID(),
      name: 'menu' as const,
      restaurantId: RESTAURANT,
      params: {},
      receivedAt: NOW,
    };
    const expired = { ...old, id: randomUUID(), occurredAt: new Date(NOW.getTime() - 90 * DAY - 1000) };
    const kept = { ...old, id: randomUUID(), occurredAt: new Date(NOW.getTime() - 89 * DAY) };
    await repository.insertEvents([expired, kept]);
    expect((await post(t, batchOf([pageView()]))).statusCode).toBe(202);
    const ids = (await storedEvents(t)).map((row) => row.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(expired.id);
  });
});

describe('POST /api/analytics/events per address', () => {
  const rule = { capacity: 3, perMinute: 1 };
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      now: NOW,
      config: { abuseLimits: { ...TEST_ABUSE_LIMITS, analyticsBatchesPerAddress: rule } },
    });
  });
  afterAll(() => t?.close());

  it('lets a burst through, then 429 RATE_LIMITED with Retry-After; another address is not affected', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < rule.capacity; i++) {
      expect((await post(t, batchOf([pageView()]), { ip })).statusCode).toBe(202);
    }
    const refused = await post(t, batchOf([pageView()]), { ip, contentType: 'text/plain' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } },
    });
    expect(refused.headers['retry-after']).toBe('60');
    expect((await post(t, batchOf([pageView()]), { ip: '198.51.100.8' })).statusCode).toBe(202);

    t.clock.set(new Date(NOW.getTime() + 60_000));
    expect((await post(t, batchOf([pageView()]), { ip })).statusCode).toBe(202);
    expect((await post(t, batchOf([pageView()]), { ip })).statusCode).toBe(429);
    expect(await analyticsRepository(t.db.db).countAll()).toBe(rule.capacity + 2);
  });

  it('counts simultaneous batches one by one: of 12 at once, the burst passes and the rest is 429', async () => {
    t.clock.set(NOW);
    const ip = '203.0.113.9';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(t, batchOf([pageView()]), { ip })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(rule.capacity);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - rule.capacity);
  });
});
