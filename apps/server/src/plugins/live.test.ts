import {
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_MAX_SUBSCRIPTIONS,
  MENU_CHANGED_EVENT,
  menuTopic,
  type Menu,
} from '@comensal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '../http/request.ts';
import { buildSeedProduct, buildSeedRestaurant, insertRestaurant } from '../db/seed/insert-restaurant.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { createProduct, updateProduct } from '../modules/restaurants/index.ts';
import { publishLiveEvent } from '../db/live-notify.ts';
import { nextLiveEvent, openLiveClient, upgradeStatus, type LiveTestClient } from '../test/live.ts';
import { signInGuest, signUpUser, TEST_ORIGIN } from '../test/sessions.ts';

let t: TestApp;
let other: TestApp; // a second instance on the same database
let baseUrl: string;
let otherUrl: string;
let restaurantId: string;
let productId: string;
const open: LiveTestClient[] = [];

const ctx = () => appContext(t.app);

async function client(headers: { origin?: string; cookie?: string } = {}, url = baseUrl) {
  const socket = await openLiveClient(url, { origin: TEST_ORIGIN, ...headers });
  open.push(socket);
  return socket;
}

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestApp({ database: t.db });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
  await Promise.all([t.app.live.ready(), other.app.live.ready()]);
  const inserted = await insertRestaurant(
    t.db.db,
    buildSeedRestaurant({ products: [buildSeedProduct({ priceMinor: 1_000 })] }),
  );
  restaurantId = inserted.restaurant.id;
  productId = inserted.products[0]!.id;

  // topics of later issues, registered the same way they will be
  for (const app of [t.app, other.app]) {
    app.live.registerTopic('test:{id}:members', (session, { id }) => session !== null && id === 'club');
    app.live.registerTopic('test:me:inbox', (diner) => diner !== null && !diner.isGuest, {
      channel: (session) => `test:${session!.userId}:inbox`,
    });
  }
});

afterAll(async () => {
  for (const socket of open) socket.close();
  await other?.close();
  await t?.close();
});

describe('GET /api/live: the upgrade', () => {
  it('accepts a trusted Origin and refuses any other, or none, before upgrading', async () => {
    expect(await upgradeStatus(baseUrl, { origin: TEST_ORIGIN })).toBe(101);
    expect(await upgradeStatus(baseUrl, { origin: 'http://evil.example' })).toBe(403);
    expect(await upgradeStatus(baseUrl, { origin: 'http://localhost:3000.evil.example' })).toBe(403);
    expect(await upgradeStatus(baseUrl, { origin: 'null' })).toBe(403);
    expect(await upgradeStatus(baseUrl, {})).toBe(403);
  });

  it('answers 426 to a plain HTTP GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/live', headers: { origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(426);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('restaurant:<id>:menu', () => {
  it('pushes menu.changed to a subscribed anonymous socket when update-product commits', async () => {
    const socket = await client();
    const topic = menuTopic(restaurantId);
    expect(await socket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    const product = await updateProduct(ctx(), restaurantId, productId, { priceMinor: 1_500, stock: 3 });
    expect(product).toMatchObject({ id: productId, price: 1_500, stock: 3 });
    expect(await socket.next()).toEqual({ topic, event: MENU_CHANGED_EVENT, data: { productId } });
  });

  it('pushes the id of a product created by create-product', async () => {
    const socket = await client();
    const topic = menuTopic(restaurantId);
    await socket.request({ op: 'subscribe', topic });
    const created = await createProduct(ctx(), restaurantId, {
      section: 'mains',
      name: { es: 'Nuevo', en: 'New' },
      priceMinor: 2_000,
    });
    expect(await socket.next()).toEqual({
      topic,
      event: MENU_CHANGED_EVENT,
      data: { productId: created.id },
    });
  });

  it('sends nothing for a rolled-back change', async () => {
    const socket = await client();
    const topic = menuTopic(restaurantId);
    await socket.request({ op: 'subscribe', topic });
    await expect(
      t.db.db.transaction(async (tx) => {
        await publishLiveEvent(tx, {
          channel: topic,
          event: MENU_CHANGED_EVENT,
          data: { productId: 'rolled-back' },
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await updateProduct(ctx(), restaurantId, productId, { hidden: false });
    // the first event is the committed one
    expect(await socket.next()).toEqual({ topic, event: MENU_CHANGED_EVENT, data: { productId } });
  });

  it('refuses the menu of an unknown or malformed restaurant', async () => {
    const socket = await client();
    for (const topic of [
      menuTopic('8f14e45f-ceea-4e7a-9d7b-5d5e0c2f9a11'),
      menuTopic('not-a-uuid'),
      "restaurant:' OR 1=1 --:menu",
    ]) {
      expect(await socket.request({ op: 'subscribe', topic })).toEqual({
        op: 'error',
        topic,
        code: 'FORBIDDEN',
      });
    }
  });

  it('stops pushing after unsubscribe', async () => {
    const leaving = await client();
    const staying = await client();
    const topic = menuTopic(restaurantId);
    await leaving.request({ op: 'subscribe', topic });
    await staying.request({ op: 'subscribe', topic });
    expect(await leaving.request({ op: 'unsubscribe', topic })).toEqual({ op: 'unsubscribed', topic });
    await updateProduct(ctx(), restaurantId, productId, { stock: 2 });
    expect(await staying.next()).toMatchObject({ topic, event: MENU_CHANGED_EVENT });
    // both sockets are fed in the same tick: had `leaving` got the event it would come before pong
    expect(await leaving.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });

  it('the menu answer follows the change as soon as the event arrives (cache dropped first)', async () => {
    const topic = menuTopic(restaurantId);
    const menu = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/menu` })).json() as Menu;
    const before = await menu();
    expect(before.items.find((p) => p.id === productId)).toBeDefined();
    const socket = await client();
    await socket.request({ op: 'subscribe', topic });
    await updateProduct(ctx(), restaurantId, productId, { hidden: true });
    await socket.next();
    expect((await menu()).items.find((p) => p.id === productId)).toBeUndefined();
    await updateProduct(ctx(), restaurantId, productId, { hidden: false });
    await socket.next();
    expect((await menu()).items.find((p) => p.id === productId)).toBeDefined();
  });
});

describe('the topic table', () => {
  it('answers UNKNOWN_TOPIC for a topic nobody registered', async () => {
    const socket = await client();
    for (const topic of ['restaurant', 'restaurant:x', 'nope:1', `restaurant:${restaurantId}:menu:extra`]) {
      expect(await socket.request({ op: 'subscribe', topic })).toEqual({
        op: 'error',
        topic,
        code: 'UNKNOWN_TOPIC',
      });
    }
  });

  it('asks the topic whether the session may read it: anonymous is FORBIDDEN, a guest or user passes', async () => {
    const anonymous = await client();
    const topic = 'test:club:members';
    expect(await anonymous.request({ op: 'subscribe', topic })).toEqual({
      op: 'error',
      topic,
      code: 'FORBIDDEN',
    });

    const guest = await signInGuest(t.app);
    const guestSocket = await client({ cookie: guest.cookie });
    expect(await guestSocket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    expect(await guestSocket.request({ op: 'subscribe', topic: 'test:other:members' })).toMatchObject({
      code: 'FORBIDDEN',
    });
    // a forged cookie is anonymous
    const forged = await client({ cookie: 'better-auth.session_token=forged.value' });
    expect(await forged.request({ op: 'subscribe', topic })).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('delivers a per-user topic only to that user', async () => {
    const ana = await signUpUser(t.app);
    const bob = await signUpUser(t.app);
    const guest = await signInGuest(t.app);
    const topic = 'test:me:inbox';
    const anaSocket = await client({ cookie: ana.cookie });
    const bobSocket = await client({ cookie: bob.cookie });
    const guestSocket = await client({ cookie: guest.cookie });
    expect(await anaSocket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    expect(await bobSocket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    expect(await guestSocket.request({ op: 'subscribe', topic })).toMatchObject({ code: 'FORBIDDEN' });

    await t.app.live.publish({ channel: `test:${ana.userId}:inbox`, event: 'inbox.changed', data: { n: 1 } });
    expect(await anaSocket.next()).toEqual({ topic, event: 'inbox.changed', data: { n: 1 } });
    await t.app.live.publish({ channel: `test:${bob.userId}:inbox`, event: 'inbox.changed', data: { n: 2 } });
    expect(await bobSocket.next()).toEqual({ topic, event: 'inbox.changed', data: { n: 2 } });
    expect(await anaSocket.request({ op: 'ping' })).toEqual({ op: 'pong' }); // nothing of Bob's came first
  });
});

describe('hostile or broken clients', () => {
  it.each([
    ['not JSON', 'subscribe please'],
    ['an unknown op', JSON.stringify({ op: 'publish', topic: 'x' })],
    ['no topic', JSON.stringify({ op: 'subscribe' })],
    ['a non-string topic', JSON.stringify({ op: 'subscribe', topic: 42 })],
    ['an empty topic', JSON.stringify({ op: 'subscribe', topic: '' })],
    ['an extra field', JSON.stringify({ op: 'subscribe', topic: 'a', admin: true })],
    ['a topic too long', JSON.stringify({ op: 'subscribe', topic: 'x'.repeat(201) })],
    ['an array', '[]'],
    ['null', 'null'],
  ])('answers BAD_MESSAGE to %s and keeps the socket', async (_, raw) => {
    const socket = await client();
    socket.sendRaw(raw);
    expect(await socket.next()).toMatchObject({ op: 'error', code: 'BAD_MESSAGE' });
    expect(await socket.request({ op: 'ping' })).toEqual({ op: 'pong' });
  });

  it('answers BAD_MESSAGE to a binary frame', async () => {
    const socket = await client();
    socket.sendRaw(new TextEncoder().encode(JSON.stringify({ op: 'ping' })).buffer as ArrayBuffer);
    expect(await socket.next()).toMatchObject({ op: 'error', code: 'BAD_MESSAGE' });
  });

  it('closes the socket (1009) on a message above the size limit', async () => {
    const socket = await client();
    socket.sendRaw(JSON.stringify({ op: 'subscribe', topic: 'x'.repeat(LIVE_MAX_MESSAGE_BYTES) }));
    expect(await socket.closed).toBe(1009);
  });

  it(`refuses more than ${LIVE_MAX_SUBSCRIPTIONS} subscriptions per socket`, async () => {
    const socket = await client();
    // the same topic twice counts once
    expect(await socket.request({ op: 'subscribe', topic: menuTopic(restaurantId) })).toMatchObject({
      op: 'subscribed',
    });
    expect(await socket.request({ op: 'subscribe', topic: menuTopic(restaurantId) })).toMatchObject({
      op: 'subscribed',
    });
    const ids: string[] = [];
    for (let i = 1; i < LIVE_MAX_SUBSCRIPTIONS; i += 1) {
      ids.push((await insertRestaurant(t.db.db, buildSeedRestaurant({ products: [] }))).restaurant.id);
    }
    for (const id of ids) socket.send({ op: 'subscribe', topic: menuTopic(id) });
    for (const id of ids) expect(await socket.next()).toEqual({ op: 'subscribed', topic: menuTopic(id) });
    const extra = (await insertRestaurant(t.db.db, buildSeedRestaurant({ products: [] }))).restaurant.id;
    expect(await socket.request({ op: 'subscribe', topic: menuTopic(extra) })).toMatchObject({
      op: 'error',
      topic: menuTopic(extra),
      code: 'TOO_MANY_SUBSCRIPTIONS',
    });
    // unsubscribing frees a place
    await socket.request({ op: 'unsubscribe', topic: menuTopic(ids[0]!) });
    expect(await socket.request({ op: 'subscribe', topic: menuTopic(extra) })).toMatchObject({
      op: 'subscribed',
    });
  });
});

describe('between instances (LISTEN/NOTIFY)', () => {
  it('an event published by one instance reaches a socket on the other', async () => {
    const topic = menuTopic(restaurantId);
    const onOther = await client({}, otherUrl);
    expect(await onOther.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
    await t.app.live.publish({ channel: topic, event: MENU_CHANGED_EVENT, data: { productId } });
    expect(await onOther.next()).toEqual({ topic, event: MENU_CHANGED_EVENT, data: { productId } });
  });

  it('a change made through one instance refreshes the cached menu of the other', async () => {
    const menuOnOther = async () =>
      (
        await other.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/menu` })
      ).json() as Menu;
    const first = nextLiveEvent(other.app, menuTopic(restaurantId));
    await updateProduct(ctx(), restaurantId, productId, { priceMinor: 1_700 });
    await first;
    expect((await menuOnOther()).items.find((p) => p.id === productId)?.price).toBe(1_700);
    const event = nextLiveEvent(other.app, menuTopic(restaurantId));
    await updateProduct(ctx(), restaurantId, productId, { priceMinor: 1_800 });
    await event;
    expect((await menuOnOther()).items.find((p) => p.id === productId)?.price).toBe(1_800);
  });

  it('reconnects the LISTEN connection, tells sockets to resync, and keeps delivering', async () => {
    const topic = menuTopic(restaurantId);
    const socket = await client();
    await socket.request({ op: 'subscribe', topic });
    t.app.live.dropListenerConnection();
    expect(await socket.next()).toEqual({ topic, event: 'resync', data: null });
    expect(t.app.live.stats().listening).toBe(true);
    await updateProduct(ctx(), restaurantId, productId, { stock: 5 });
    expect(await socket.next()).toEqual({ topic, event: MENU_CHANGED_EVENT, data: { productId } });
  });
});
