import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { createLiveClient, getLiveClient, type LiveListener, liveUrl, useLiveTopic } from './live';

const URL_OF_LIVE = 'ws://app.test/api/live';

function makeClient(overrides: { random?: () => number } = {}) {
  return createLiveClient({
    url: () => URL_OF_LIVE,
    createSocket: (url) => new FakeWebSocket(url),
    baseDelayMs: 100,
    maxDelayMs: 1000,
    idleCloseMs: 5000,
    random: overrides.random ?? (() => 1),
  });
}

function listener(): LiveListener & { events: unknown[]; resyncs: string[] } {
  const events: unknown[] = [];
  const resyncs: string[] = [];
  return {
    events,
    resyncs,
    onEvent: (event) => events.push(event),
    onResync: (reason) => resyncs.push(reason),
  };
}

const socketAt = (index: number) => {
  const socket = FakeWebSocket.instances[index];
  if (!socket) throw new Error(`no socket #${index}`);
  return socket;
};

describe('live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens ONE socket for every topic and subscribes each topic once, counting listeners', () => {
    const client = makeClient();
    const a = listener();
    const b = listener();
    const c = listener();
    const offA = client.subscribe('restaurant:r1:menu', a);
    const offB = client.subscribe('restaurant:r1:menu', b);
    const offC = client.subscribe('restaurant:r2:menu', c);
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = socketAt(0);
    expect(socket.url).toBe(URL_OF_LIVE);

    socket.serverOpen();
    expect(socket.sent).toEqual([
      { op: 'subscribe', topic: 'restaurant:r1:menu' },
      { op: 'subscribe', topic: 'restaurant:r2:menu' },
    ]);

    offA();
    expect(socket.sent).toHaveLength(2); // b still listens to r1
    offB();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', topic: 'restaurant:r1:menu' });
    offB(); // a second call changes nothing
    expect(socket.sent).toHaveLength(3);

    client.subscribe('restaurant:r3:menu', listener());
    expect(socket.sent.at(-1)).toEqual({ op: 'subscribe', topic: 'restaurant:r3:menu' });
    offC();
    expect(client.topics()).toEqual(['restaurant:r3:menu']);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('delivers events to the listeners of their topic only, and resyncs on confirmation and on `resync`', () => {
    const client = makeClient();
    const r1 = listener();
    const r2 = listener();
    client.subscribe('restaurant:r1:menu', r1);
    client.subscribe('restaurant:r2:menu', r2);
    const socket = socketAt(0);
    socket.serverOpen();
    socket.serverConfirmSubscriptions();
    expect(r1.resyncs).toEqual(['subscribed']);

    socket.serverSend({ topic: 'restaurant:r1:menu', event: 'menu.changed', data: { productId: 'p1' } });
    expect(r1.events).toEqual([
      { topic: 'restaurant:r1:menu', event: 'menu.changed', data: { productId: 'p1' } },
    ]);
    expect(r2.events).toEqual([]);

    socket.serverSend({ topic: 'restaurant:r2:menu', event: 'resync', data: null });
    expect(r2.resyncs).toEqual(['subscribed', 'resync']);
    expect(r2.events).toEqual([]);

    // Garbage and refusals are ignored (the refusal is logged).
    socket.onmessage?.({ data: 'not json' });
    socket.serverSend({ op: 'error', topic: 'restaurant:r1:menu', code: 'FORBIDDEN' });
    expect(r1.events).toHaveLength(1);
  });

  it('reconnects with growing delays, resubscribes and asks listeners to refetch', () => {
    const client = makeClient();
    const menu = listener();
    client.subscribe('restaurant:r1:menu', menu);
    socketAt(0).serverOpen();
    socketAt(0).serverConfirmSubscriptions();

    socketAt(0).serverDrop();
    vi.advanceTimersByTime(99);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // The new socket fails before opening: the next wait is twice as long.
    socketAt(1).serverDrop();
    vi.advanceTimersByTime(199);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const socket = socketAt(2);
    socket.serverOpen();
    expect(socket.sent).toEqual([{ op: 'subscribe', topic: 'restaurant:r1:menu' }]);
    socket.serverConfirmSubscriptions();
    expect(menu.resyncs).toEqual(['subscribed', 'reconnected']);

    // A successful open resets the backoff.
    socket.serverDrop();
    vi.advanceTimersByTime(100);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('waits the longest delay after the server says it has too many sockets (4029)', () => {
    const client = makeClient();
    client.subscribe('t', listener());
    socketAt(0).serverOpen();
    socketAt(0).serverClose(4029);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('comes back after the first short delay when its instance stops (1012), and refetches', () => {
    const client = makeClient();
    const menu = listener();
    client.subscribe('restaurant:r1:menu', menu);
    socketAt(0).serverOpen();
    socketAt(0).serverConfirmSubscriptions();
    socketAt(0).serverClose(1012);
    vi.advanceTimersByTime(99);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    // the balancer gives this socket to another instance
    const socket = socketAt(1);
    socket.serverOpen();
    expect(socket.sent).toEqual([{ op: 'subscribe', topic: 'restaurant:r1:menu' }]);
    socket.serverConfirmSubscriptions();
    expect(menu.resyncs).toEqual(['subscribed', 'reconnected']);
  });

  it('caps the delay and spreads reconnects with jitter', () => {
    const client = makeClient({ random: () => 0 });
    client.subscribe('t', listener());
    for (let attempt = 0; attempt < 6; attempt += 1) {
      FakeWebSocket.latest()!.serverDrop();
      // random() = 0 → half of the ceiling: 50, 100, 200, 400, 500, 500 ms.
      const expected = Math.min(1000, 100 * 2 ** attempt) / 2;
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(expected - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
    }
  });

  it('closes the socket a while after the last topic is gone, and stops reconnecting', () => {
    const client = makeClient();
    const off = client.subscribe('t', listener());
    const socket = socketAt(0);
    socket.serverOpen();
    off();
    vi.advanceTimersByTime(4999);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    // A page that comes back in time keeps the same socket.
    const offAgain = client.subscribe('t', listener());
    vi.advanceTimersByTime(10_000);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    offAgain();
    vi.advanceTimersByTime(5000);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects at once when the browser is back online', () => {
    const client = makeClient();
    client.subscribe('t', listener());
    socketAt(0).serverDrop();
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.reconnectNow();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});

describe('liveUrl', () => {
  it('uses ws:// or wss:// after the page or the API origin', () => {
    expect(liveUrl('', new URL('http://localhost:5173/menu') as unknown as Location)).toBe(
      'ws://localhost:5173/api/live',
    );
    expect(liveUrl('', new URL('https://comensal.example/r') as unknown as Location)).toBe(
      'wss://comensal.example/api/live',
    );
    expect(liveUrl('https://api.example.com', new URL('http://x.test') as unknown as Location)).toBe(
      'wss://api.example.com/api/live',
    );
  });
});

describe('useLiveTopic', () => {
  it('shares the tab socket between components and follows the latest callback', () => {
    const seen: string[] = [];
    const first = renderHook(({ tag }) => useLiveTopic('restaurant:r1:menu', () => seen.push(tag)), {
      initialProps: { tag: 'first' },
    });
    const second = renderHook(() => useLiveTopic('restaurant:r1:menu', () => seen.push('second')));
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.latest()!;
    socket.serverOpen();
    expect(socket.sent).toEqual([{ op: 'subscribe', topic: 'restaurant:r1:menu' }]);

    first.rerender({ tag: 'first, updated' });
    socket.serverSend({ topic: 'restaurant:r1:menu', event: 'menu.changed', data: {} });
    expect(seen).toEqual(['first, updated', 'second']);

    first.unmount();
    second.unmount();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', topic: 'restaurant:r1:menu' });
    expect(getLiveClient().topics()).toEqual([]);
  });

  it('does nothing without a topic', () => {
    renderHook(() => useLiveTopic(null, () => undefined));
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
