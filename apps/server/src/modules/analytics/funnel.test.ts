/**
 * GET /api/staff/restaurants/:id/funnel (docs/telemetry.md#the-funnel): distinct visitors per
 * step of the restaurant's local day, from seeded events (repeats, other restaurants and other
 * days left out); staff and owners of the restaurant only.
 */
import { randomUUID } from 'node:crypto';
import type { AnalyticsEventName } from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { signInGuest, signUpUser, TEST_ORIGIN, type TestSession } from '../../test/sessions.ts';
import { addStaff } from '../payments/testing.ts';
import { insertTestRestaurant, type TestRestaurant } from '../reservations/testing.ts';
import { analyticsRepository } from './analytics-repository.ts';

// 12:00 in Santiago (UTC−3 in November): the local day 2026-11-20 is 03:00Z on the 20th to 03:00Z on the 21st
const NOW = new Date('2026-11-20T15:00:00.000Z');
const DAY_START = new Date('2026-11-20T03:00:00.000Z');
const DAY_END = new Date('2026-11-21T03:00:00.000Z');

let t: TestApp;
let here: TestRestaurant;
let elsewhere: TestRestaurant;
let guest: TestSession;
let diner: TestSession;
let otherStaff: TestSession;
let staff: TestSession;
let owner: TestSession;

const visitors = { a: randomUUID(), b: randomUUID(), c: randomUUID(), d: randomUUID(), e: randomUUID() };

async function seed(
  visitorId: string,
  name: AnalyticsEventName,
  restaurantId: string,
  occurredAt: Date,
  params: Record<string, unknown> = {},
) {
  await analyticsRepository(t.db.db).insertEvents([
    { id: randomUUID(), visitorId, name, restaurantId, params, occurredAt, receivedAt: occurredAt },
  ]);
}

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  here = await insertTestRestaurant(t.db, { timeZone: 'America/Santiago' });
  elsewhere = await insertTestRestaurant(t.db, { timeZone: 'America/Santiago' });
  [guest, diner, otherStaff, staff, owner] = await Promise.all([
    signInGuest(t.app),
    signUpUser(t.app, { name: 'Diner' }),
    signUpUser(t.app, { name: 'Other staff' }),
    signUpUser(t.app, { name: 'Staff' }),
    signUpUser(t.app, { name: 'Owner' }),
  ]);
  await addStaff(t.db.db, here.restaurant.id, staff.userId, 'staff');
  await addStaff(t.db.db, here.restaurant.id, owner.userId, 'owner');
  await addStaff(t.db.db, elsewhere.restaurant.id, otherStaff.userId, 'owner');

  const id = here.restaurant.id;
  const morning = new Date('2026-11-20T12:00:00.000Z');
  // a: the whole way, with repeats
  for (const name of [
    'restaurant',
    'restaurant',
    'menu',
    'add_to_cart',
    'add_to_cart',
    'send_order',
  ] as const) {
    await seed(visitors.a, name, id, morning);
  }
  await seed(visitors.a, 'pay', id, morning, { method: 'cash' });
  // b: looks, reads the menu and books; c: straight to the menu (a table's QR code) and the cart
  await seed(visitors.b, 'restaurant', id, DAY_START);
  await seed(visitors.b, 'menu', id, morning);
  await seed(visitors.b, 'reserve', id, morning, { kind: 'table' });
  await seed(visitors.c, 'menu', id, new Date(DAY_END.getTime() - 1));
  await seed(visitors.c, 'add_to_cart', id, new Date(DAY_END.getTime() - 1));
  // d: books and orders: one visitor in "order or reserve"
  await seed(visitors.d, 'restaurant', id, morning);
  await seed(visitors.d, 'reserve', id, morning, { kind: 'pickup' });
  await seed(visitors.d, 'send_order', id, morning);
  // not counted: the day before and after (local), another restaurant, a page view
  await seed(visitors.e, 'restaurant', id, new Date(DAY_START.getTime() - 1));
  await seed(visitors.e, 'menu', id, DAY_END);
  await seed(visitors.e, 'restaurant', elsewhere.restaurant.id, morning);
  await seed(visitors.e, 'page_view', id, morning, { route: '/restaurants/:restaurantId' });
}, 60_000);
afterAll(() => t?.close());

const funnel = (who: TestSession | null, restaurantId: string, date?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/staff/restaurants/${restaurantId}/funnel${date ? `?date=${date}` : ''}`,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });

describe('GET /api/staff/restaurants/:id/funnel', () => {
  it('counts distinct visitors per step of the local day (today by default)', async () => {
    const res = await funnel(owner, here.restaurant.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      restaurantId: here.restaurant.id,
      date: '2026-11-20',
      timeZone: 'America/Santiago',
      steps: [
        { step: 'restaurant', visitors: 3 },
        { step: 'menu', visitors: 3 },
        { step: 'add_to_cart', visitors: 2 },
        { step: 'order_or_reserve', visitors: 3 },
        { step: 'pay', visitors: 1 },
      ],
      sendOrder: 2,
      reserve: 2,
    });
  });

  it('answers another day by its local date: the day before holds e only', async () => {
    const before = (await funnel(staff, here.restaurant.id, '2026-11-19')).json();
    expect(before.date).toBe('2026-11-19');
    expect(before.steps.map((s: { visitors: number }) => s.visitors)).toEqual([1, 0, 0, 0, 0]);
    const after = (await funnel(staff, here.restaurant.id, '2026-11-21')).json();
    expect(after.steps.map((s: { visitors: number }) => s.visitors)).toEqual([0, 1, 0, 0, 0]);
  });

  it('counts the other restaurant on its own', async () => {
    const res = await funnel(otherStaff, elsewhere.restaurant.id, '2026-11-20');
    expect(res.json().steps.map((s: { visitors: number }) => s.visitors)).toEqual([1, 0, 0, 0, 0]);
  });

  const ROLES = ['anonymous', 'guest', 'diner', 'otherStaff', 'staff', 'owner'] as const;
  const expected: Record<(typeof ROLES)[number], [number, string | null]> = {
    anonymous: [401, 'UNAUTHENTICATED'],
    guest: [403, 'FORBIDDEN'],
    diner: [403, 'FORBIDDEN'],
    otherStaff: [403, 'FORBIDDEN'],
    staff: [200, null],
    owner: [200, null],
  };
  it.each(ROLES)('%s: the documented answer', async (role) => {
    const who = { anonymous: null, guest, diner, otherStaff, staff, owner }[role];
    const res = await funnel(who, here.restaurant.id, '2026-11-20');
    const [status, code] = expected[role];
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json()).toEqual({ error: { code, message: expect.any(String) } });
    else expect(res.json().steps[0]).toEqual({ step: 'restaurant', visitors: 3 });
  });

  it.each([
    ['a malformed restaurant id', 'not-a-uuid', '2026-11-20', 404],
    ['an unknown restaurant', randomUUID(), '2026-11-20', 403],
    ['a date that is not a day', 'HERE', '2026-02-30', 400],
    ['a date with a time', 'HERE', '2026-11-20T00:00', 400],
  ])('refuses %s', async (_, restaurantId, date, status) => {
    const res = await funnel(owner, restaurantId === 'HERE' ? here.restaurant.id : restaurantId, date);
    expect(res.statusCode).toBe(status);
  });
});
