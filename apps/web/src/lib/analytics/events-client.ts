/**
 * The analytics events client (docs/telemetry.md#events), a chunk of its own loaded after the
 * first paint: it stamps each tracked event with a random id, checks it against the contract
 * (an event the server would refuse is dropped here, so it cannot spoil its batch), queues it,
 * and posts batches to our own API — when 10 are waiting or 5 s after the first one — and,
 * when the page hides, what is left with `navigator.sendBeacon`, which outlives the page.
 * The visitor id is random, kept in localStorage and renewed every day.
 */
import {
  ANALYTICS_BATCH_MAX,
  analyticsEventSchema,
  type AnalyticsEvent,
  type AnalyticsEventBatch,
} from '@comensal/contracts';
import { localStore, STORAGE_KEYS } from '@/lib/storage';
import type { TrackedEvent } from './track';

export const EVENTS_FLUSH_MS = 5_000;
export const EVENTS_BATCH_SIZE = 10;
/** More than this waiting (no connection for a while): the oldest go. */
const QUEUE_MAX = 100;

export interface EventsClientDeps {
  /** Our endpoint (POST /api/analytics/events, absolute). */
  url: string;
  /** POSTs a JSON body; answers the status, 0 when there was no answer. */
  post: (url: string, body: string) => Promise<number>;
  /** navigator.sendBeacon with a string body (sent as text/plain); false when it was not queued. */
  beacon: (url: string, body: string) => boolean;
  visitorId: () => string;
  newId: () => string;
  locale: () => 'es-ES' | 'en-US';
}

export interface EventsClient {
  enqueue(tracked: TrackedEvent): void;
  /** Posts what waits now (fetch). */
  flush(): Promise<void>;
  /** The page hides: what waits goes by beacon, in batches. */
  flushOnHide(): void;
  pending(): number;
}

/** Worth another try later: no answer, too many, the server's trouble. */
const retriable = (status: number) => status === 0 || status === 429 || status >= 500;

export function createEventsClient(deps: EventsClientDeps): EventsClient {
  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void flush();
    }, EVENTS_FLUSH_MS);
  };
  const bodyOf = (events: AnalyticsEvent[]) =>
    JSON.stringify({ visitorId: deps.visitorId(), events } satisfies AnalyticsEventBatch);

  async function flush(): Promise<void> {
    clearTimer();
    while (queue.length > 0) {
      const events = queue.splice(0, ANALYTICS_BATCH_MAX);
      const status = await deps.post(deps.url, bodyOf(events));
      if (status >= 200 && status < 300) continue;
      if (retriable(status)) {
        // back at the front for the next round; the server stores an event id once
        queue.unshift(...events.slice(0, QUEUE_MAX - queue.length));
        schedule();
      }
      return;
    }
  }

  return {
    enqueue({ event, at }) {
      const parsed = analyticsEventSchema.safeParse({
        locale: deps.locale(),
        ...event,
        id: deps.newId(),
        at: Math.max(0, Math.round(at)),
      });
      if (!parsed.success) return;
      queue.push(parsed.data);
      if (queue.length > QUEUE_MAX) queue.shift();
      if (queue.length >= EVENTS_BATCH_SIZE) void flush();
      else schedule();
    },
    flush,
    flushOnHide() {
      clearTimer();
      while (queue.length > 0) {
        const events = queue.splice(0, ANALYTICS_BATCH_MAX);
        const body = bodyOf(events);
        if (!deps.beacon(deps.url, body)) void deps.post(deps.url, body);
      }
    },
    pending: () => queue.length,
  };
}

/** A random UUID v4 (crypto.getRandomValues works on plain http too, unlike randomUUID). */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** This browser's visitor id of the day: random, never the account's, a new one each local day. */
export function visitorIdOfToday(now = new Date(), newId = randomUuid): string {
  const day = localDay(now);
  const stored = localStore.getJson(STORAGE_KEYS.analyticsVisitor) as { id?: unknown; day?: unknown } | null;
  if (stored && stored.day === day && typeof stored.id === 'string' && /^[0-9a-f-]{36}$/.test(stored.id)) {
    return stored.id;
  }
  const id = newId();
  localStore.setJson(STORAGE_KEYS.analyticsVisitor, { id, day });
  return id;
}
