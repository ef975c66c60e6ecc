/**
 * The analytics events client (docs/telemetry.md#events), on fake timers: batches at 10 events
 * or 5 s after the first, what is left goes by sendBeacon when the page hides, a failed post is
 * tried again, an event the server would refuse is dropped, and with Do Not Track or Global
 * Privacy Control nothing is queued or sent at all.
 */
import {
  ANALYTICS_BATCH_MAX,
  analyticsEventBatchSchema,
  type AnalyticsEventBatch,
} from '@comensal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore, STORAGE_KEYS } from '@/lib/storage';
import {
  createEventsClient,
  EVENTS_BATCH_SIZE,
  EVENTS_FLUSH_MS,
  randomUuid,
  visitorIdOfToday,
  type EventsClientDeps,
} from './events-client';
import { connectTracker, resetTracker, restaurantInPath, track, trackingAllowed } from './track';

const URL = 'http://localhost:3000/api/analytics/events';
const RESTAURANT = '0b9f8a52-4f7e-4c3e-9a57-2c0f1d6b9e11';
const VISITOR = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

interface Sent {
  how: 'fetch' | 'beacon';
  batch: AnalyticsEventBatch;
}

function harness(postStatus: () => number = () => 202, beaconOk = true) {
  const sent: Sent[] = [];
  const deps: EventsClientDeps = {
    url: URL,
    post: (to, body) => {
      expect(to).toBe(URL);
      sent.push({ how: 'fetch', batch: analyticsEventBatchSchema.parse(JSON.parse(body)) });
      return Promise.resolve(postStatus());
    },
    beacon: (to, body) => {
      expect(to).toBe(URL);
      if (!beaconOk) return false;
      sent.push({ how: 'beacon', batch: analyticsEventBatchSchema.parse(JSON.parse(body)) });
      return true;
    },
    visitorId: () => VISITOR,
    newId: randomUuid,
    locale: () => 'es-ES',
  };
  const client = createEventsClient(deps);
  connectTracker(client.enqueue);
  return { client, sent };
}

const menu = () => track({ name: 'menu', restaurantId: RESTAURANT });

beforeEach(() => {
  vi.useFakeTimers();
  resetTracker();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetTracker();
});

describe('batching', () => {
  it('posts one batch 5 s after the first event, with ids, times, the locale and the visitor id', async () => {
    const { sent } = harness();
    vi.setSystemTime(new Date('2026-11-20T15:00:00Z'));
    menu();
    await vi.advanceTimersByTimeAsync(1_000);
    track({ name: 'add_to_cart', restaurantId: RESTAURANT });
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS - 1_001);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    const [first] = sent;
    expect(first?.how).toBe('fetch');
    expect(first?.batch.visitorId).toBe(VISITOR);
    expect(first?.batch.events).toMatchObject([
      { name: 'menu', restaurantId: RESTAURANT, locale: 'es-ES', at: Date.parse('2026-11-20T15:00:00Z') },
      { name: 'add_to_cart', at: Date.parse('2026-11-20T15:00:01Z') },
    ]);
    expect(new Set(first?.batch.events.map((event) => event.id)).size).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
  });

  it(`posts at once when ${EVENTS_BATCH_SIZE} events wait, without waiting for the timer`, async () => {
    const { sent } = harness();
    for (let i = 0; i < EVENTS_BATCH_SIZE - 1; i++) menu();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(0);
    menu();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.batch.events.length)).toEqual([EVENTS_BATCH_SIZE]);
  });

  it('keeps the events tracked before the client loaded and sends them first', async () => {
    menu();
    track({ name: 'search' });
    const { sent } = harness();
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    expect(sent[0]?.batch.events.map((event) => event.name)).toEqual(['menu', 'search']);
  });

  it('tries a batch again after no answer or a 503, and drops one the server refused (400)', async () => {
    const statuses = [0, 503, 202, 400];
    const { client, sent } = harness(() => statuses.shift() ?? 202);
    menu();
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    expect(sent).toHaveLength(3);
    const ids = sent.map((s) => s.batch.events[0]?.id);
    expect(new Set(ids).size).toBe(1);
    expect(client.pending()).toBe(0);
    track({ name: 'search' });
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS * 3);
    expect(sent).toHaveLength(4);
    expect(client.pending()).toBe(0);
  });

  it('drops an event the server would refuse (a restaurant id that is not one) and sends the rest', async () => {
    const { sent } = harness();
    track({ name: 'menu', restaurantId: 'Ana Pérez' });
    menu();
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    expect(
      sent[0]?.batch.events.map((event) => ('restaurantId' in event ? event.restaurantId : null)),
    ).toEqual([RESTAURANT]);
  });
});

describe('when the page hides', () => {
  it('sends what waits with sendBeacon at once, and nothing later', async () => {
    const { client, sent } = harness();
    for (let i = 0; i < EVENTS_BATCH_SIZE - 1; i++) menu();
    client.flushOnHide();
    expect(sent.map((s) => [s.how, s.batch.events.length])).toEqual([['beacon', EVENTS_BATCH_SIZE - 1]]);
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it(`sends a backlog (the connection was down) in beacons of at most ${ANALYTICS_BATCH_MAX}`, async () => {
    const { client, sent } = harness(() => 0);
    for (let i = 0; i < 3 * EVENTS_BATCH_SIZE - 3; i++) menu();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.every((s) => s.how === 'fetch')).toBe(true);
    expect(client.pending()).toBe(3 * EVENTS_BATCH_SIZE - 3);
    sent.length = 0;
    client.flushOnHide();
    expect(sent.map((s) => [s.how, s.batch.events.length])).toEqual([
      ['beacon', ANALYTICS_BATCH_MAX],
      ['beacon', 3 * EVENTS_BATCH_SIZE - 3 - ANALYTICS_BATCH_MAX],
    ]);
    expect(client.pending()).toBe(0);
  });

  it('falls back to fetch when the browser would not queue the beacon', async () => {
    const { client, sent } = harness(() => 202, false);
    menu();
    client.flushOnHide();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.how)).toEqual(['fetch']);
  });
});

describe('Do Not Track and Global Privacy Control', () => {
  it.each([
    ['navigator.doNotTrack = "1"', { doNotTrack: '1' }, {}],
    ['window.doNotTrack = "1"', {}, { doNotTrack: '1' }],
    ['navigator.globalPrivacyControl = true', { globalPrivacyControl: true }, {}],
  ])('%s: tracking is off', (_, nav, win) => {
    expect(trackingAllowed(nav, win)).toBe(false);
  });

  it('allows tracking without either signal (or with DNT "0" / "unspecified")', () => {
    expect(trackingAllowed({}, {})).toBe(true);
    expect(trackingAllowed({ doNotTrack: '0', globalPrivacyControl: false }, {})).toBe(true);
    expect(trackingAllowed({ doNotTrack: 'unspecified' }, { doNotTrack: null })).toBe(true);
  });

  it.each([
    ['doNotTrack', '1'],
    ['globalPrivacyControl', true],
  ])('with navigator.%s, nothing is queued or sent, before or after the client loads', async (key, value) => {
    vi.stubGlobal('navigator', { ...navigator, [key]: value });
    menu();
    const { client, sent } = harness();
    for (let i = 0; i < 15; i++) menu();
    expect(client.pending()).toBe(0);
    client.flushOnHide();
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS * 2);
    expect(sent).toEqual([]);
  });
});

describe('the visitor id', () => {
  beforeEach(() => localStore.remove(STORAGE_KEYS.analyticsVisitor));

  it('is random, kept for the day, and a new one the next local day', () => {
    const morning = new Date(2026, 10, 20, 8, 0);
    const first = visitorIdOfToday(morning);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(visitorIdOfToday(new Date(2026, 10, 20, 23, 59))).toBe(first);
    const next = visitorIdOfToday(new Date(2026, 10, 21, 0, 1));
    expect(next).not.toBe(first);
    expect(localStore.getJson(STORAGE_KEYS.analyticsVisitor)).toEqual({ id: next, day: '2026-11-21' });
  });

  it('replaces a stored value that is not an id', () => {
    localStore.setJson(STORAGE_KEYS.analyticsVisitor, { id: 'ana@example.com', day: '2026-11-20' });
    expect(visitorIdOfToday(new Date(2026, 10, 20, 9, 0))).not.toBe('ana@example.com');
  });
});

describe('restaurantInPath', () => {
  it.each([
    [`/restaurants/${RESTAURANT}`, RESTAURANT],
    [`/restaurants/${RESTAURANT}/reservations/x/order`, RESTAURANT],
    ['/restaurants/not-an-id/menu', undefined],
    ['/profile', undefined],
  ])('%s → %s', (path, expected) => {
    expect(restaurantInPath(path)).toBe(expected);
  });
});
