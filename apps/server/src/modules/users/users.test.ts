import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, signInGuest, signUpUser, type TestSession } from '../../test/sessions.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let caller: TestSession;
let guest: TestSession;
const names = ['Ángela Núñez', 'Bruno Díaz', 'Carla Pérez', 'Carlos Soto', 'Dora Ruiz'];

beforeAll(async () => {
  t = await buildTestApp();
  caller = await signUpUser(t.app, { name: 'Zoe Caller' });
  for (const name of names) {
    const first = name.split(' ')[0]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    await signUpUser(t.app, { name, email: `${first}-${Math.random().toString(36).slice(2)}@example.com` });
  }
  guest = await signInGuest(t.app);
});
afterAll(() => t?.close());

const list = (query: string, cookie = caller.cookie) => getWith(t.app, `/api/users${query}`, cookie);

describe('GET /api/users', () => {
  it('lists signed-up users by name with display name, e-mail and photo only, never guests', async () => {
    const response = await list('?limit=50');
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(items.map((u: { displayName: string }) => u.displayName)).toEqual([...names, 'Zoe Caller']);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['displayName', 'email', 'photoURL']);
    expect(JSON.stringify(items)).not.toMatch(/Invitado/);
  });

  it('searches the name ignoring case and accents, and the e-mail', async () => {
    const byName = (await list('?q=ANGELA')).json().items;
    expect(byName.map((u: { displayName: string }) => u.displayName)).toEqual(['Ángela Núñez']);
    const byPart = (await list('?q=carl')).json().items;
    expect(byPart.map((u: { displayName: string }) => u.displayName)).toEqual(['Carla Pérez', 'Carlos Soto']);
    const byEmail = (await list('?q=bruno-')).json().items;
    expect(byEmail.map((u: { displayName: string }) => u.displayName)).toEqual(['Bruno Díaz']);
    expect((await list('?q=%25')).json().items).toEqual([]); // % is a character, not a wildcard
  });

  it('pages with a cursor', async () => {
    const first = (await list('?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await list(`?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    const third = (await list(`?limit=2&cursor=${encodeURIComponent(second.nextCursor)}`)).json();
    const all = [...first.items, ...second.items, ...third.items].map(
      (u: { displayName: string }) => u.displayName,
    );
    expect(all).toEqual([...names, 'Zoe Caller']);
    expect(third.nextCursor).toBeNull();
  });

  it('refuses guests (403) and anonymous callers (401)', async () => {
    const asGuest = await list('', guest.cookie);
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json().error.code).toBe('FORBIDDEN');
    const anonymous = await getWith(t.app, '/api/users');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(['?cursor=garbage', '?limit=0', '?limit=500', '?role=admin', `?q=${'x'.repeat(101)}`])(
    'refuses %s with 400',
    async (query) => {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    },
  );
});
