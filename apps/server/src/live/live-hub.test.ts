import { describe, expect, it, vi } from 'vitest';
import { createLiveHub, type LiveSocket } from './live-hub.ts';
import { createTopicRegistry } from './topic-registry.ts';

function fakeSocket() {
  const handlers: Record<string, ((...args: unknown[]) => void)[]> = {};
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    sent: [] as unknown[],
    pings: 0,
    terminated: false,
    send(data: string) {
      this.sent.push(JSON.parse(data));
    },
    ping() {
      this.pings += 1;
    },
    terminate() {
      this.terminated = true;
      this.readyState = 3;
      for (const handler of handlers.close ?? []) handler();
    },
    close() {
      this.terminate();
    },
    on(event: string, handler: (...args: unknown[]) => void) {
      (handlers[event] ??= []).push(handler);
    },
    emit(event: string, ...args: unknown[]) {
      for (const handler of handlers[event] ?? []) handler(...args);
    },
  };
  return socket;
}

const log = { warn: vi.fn(), debug: vi.fn() };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the topic registry', () => {
  it('matches placeholders to one segment and gives the params', () => {
    const registry = createTopicRegistry();
    registry.registerTopic('restaurant:{id}:menu', () => true);
    registry.registerTopic('user:me:reservations', () => true, {
      channel: (s) => `user:${s?.userId}:reservations`,
    });
    expect(registry.resolve('restaurant:abc:menu')?.params).toEqual({ id: 'abc' });
    expect(registry.resolve('restaurant:a:b:menu')).toBeNull();
    expect(registry.resolve('restaurant::menu')).toBeNull();
    expect(registry.resolve('xrestaurant:a:menu')).toBeNull();
    expect(
      registry.resolve('user:me:reservations')?.channel({
        userId: 'u1',
        isGuest: false,
        email: 'u1@example.com',
        emailVerified: true,
        displayName: 'U',
        photoURL: null,
        locale: null,
      }),
    ).toBe('user:u1:reservations');
    expect(registry.resolve('restaurant:abc:menu')?.channel(null)).toBe('restaurant:abc:menu');
    expect(() => registry.registerTopic('restaurant:{id}:menu', () => true)).toThrow(/already registered/);
    expect(registry.patterns()).toEqual(['restaurant:{id}:menu', 'user:me:reservations']);
  });
});

describe('the hub', () => {
  it('drops a socket that missed a pong, keeps one that answered', async () => {
    const hub = createLiveHub(createTopicRegistry(), log);
    const alive = fakeSocket();
    const dead = fakeSocket();
    hub.accept(alive as unknown as LiveSocket, null);
    hub.accept(dead as unknown as LiveSocket, null);
    hub.heartbeat();
    expect([alive.pings, dead.pings]).toEqual([1, 1]);
    alive.emit('pong');
    hub.heartbeat();
    expect(dead.terminated).toBe(true);
    expect(alive.terminated).toBe(false);
    expect(alive.pings).toBe(2);
    expect(hub.stats().sockets).toBe(1);
  });

  it('forgets the subscriptions of a closed socket and treats an authorisation failure as FORBIDDEN', async () => {
    const registry = createTopicRegistry();
    registry.registerTopic('a:{x}', () => true);
    registry.registerTopic('boom:{x}', () => {
      throw new Error('database down');
    });
    const hub = createLiveHub(registry, log);
    const socket = fakeSocket();
    hub.accept(socket as unknown as LiveSocket, null);
    socket.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', topic: 'a:1' })), false);
    socket.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', topic: 'boom:1' })), false);
    await flush();
    expect(socket.sent).toEqual([
      { op: 'subscribed', topic: 'a:1' },
      { op: 'error', topic: 'boom:1', code: 'FORBIDDEN' },
    ]);
    expect(hub.deliver('a:1', 'e', { n: 1 })).toBe(1);
    expect(socket.sent.at(-1)).toEqual({ topic: 'a:1', event: 'e', data: { n: 1 } });
    socket.close();
    expect(hub.stats()).toEqual({ sockets: 0, subscriptions: 0 });
    expect(hub.deliver('a:1', 'e', null)).toBe(0);
  });

  it('drops a socket that does not read instead of buffering without end', async () => {
    const registry = createTopicRegistry();
    registry.registerTopic('a:{x}', () => true);
    const hub = createLiveHub(registry, log);
    const socket = fakeSocket();
    hub.accept(socket as unknown as LiveSocket, null);
    socket.emit('message', JSON.stringify({ op: 'subscribe', topic: 'a:1' }), false);
    await flush();
    socket.bufferedAmount = 2 * 1024 * 1024;
    hub.deliver('a:1', 'e', null);
    expect(socket.terminated).toBe(true);
  });

  it('handles messages of one socket in order, even when authorisation waits', async () => {
    const registry = createTopicRegistry();
    registry.registerTopic('slow:{x}', () => new Promise((resolve) => setTimeout(() => resolve(true), 20)));
    const hub = createLiveHub(registry, log);
    const socket = fakeSocket();
    hub.accept(socket as unknown as LiveSocket, null);
    socket.emit('message', JSON.stringify({ op: 'subscribe', topic: 'slow:1' }), false);
    socket.emit('message', JSON.stringify({ op: 'unsubscribe', topic: 'slow:1' }), false);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(2));
    expect(socket.sent).toEqual([
      { op: 'subscribed', topic: 'slow:1' },
      { op: 'unsubscribed', topic: 'slow:1' },
    ]);
    expect(hub.stats().subscriptions).toBe(0);
  });
});

describe('the message rate limit', () => {
  it('allows a burst, then closes a socket (1008) that keeps sending faster than 20 per second', async () => {
    let now = 0;
    const hub = createLiveHub(createTopicRegistry(), log, () => now);
    const socket = fakeSocket();
    const closed = vi.fn();
    socket.close = (code?: number) => {
      closed(code);
      socket.terminate();
    };
    hub.accept(socket as unknown as LiveSocket, null);
    for (let i = 0; i < 60; i += 1) socket.emit('message', '{"op":"ping"}', false);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(60));
    expect(closed).not.toHaveBeenCalled();
    now += 1_000; // one second later: 20 more
    for (let i = 0; i < 20; i += 1) socket.emit('message', '{"op":"ping"}', false);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(80));
    expect(closed).not.toHaveBeenCalled();
    socket.emit('message', '{"op":"ping"}', false);
    expect(closed).toHaveBeenCalledWith(1008);
  });
});
