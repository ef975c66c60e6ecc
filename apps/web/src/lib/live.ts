import type {
  LIVE_CLOSE,
  LIVE_PATH as CONTRACT_LIVE_PATH,
  LIVE_RESYNC_EVENT as CONTRACT_RESYNC,
  LiveEvent,
} from '@comensal/contracts';
import { useEffect, useRef } from 'react';
import { env } from '@/config/env';
import { logFailure } from './log';

/**
 * Live updates (docs/product.md#websocket-protocol): ONE WebSocket per tab to `/api/live`, shared
 * by every screen.
 *
 * - `subscribe(topic, listener)` counts listeners per topic: the first one sends
 *   `{"op":"subscribe"}`, the last one to leave sends `{"op":"unsubscribe"}`; the socket opens
 *   with the first topic and closes a little after the last one is gone.
 * - A dropped socket reconnects with exponential backoff (with jitter), resubscribes every topic
 *   and asks each listener to refetch (`onResync`), since events may have been missed. That is
 *   also how a socket follows its server instance stopping (close code 1012, LIVE_CLOSE.restart):
 *   the first attempt, within half a second, reaches another instance through the balancer.
 * - `onResync` also runs when a subscription is confirmed (what was fetched before it may be
 *   stale) and on the server's `resync` event.
 *
 * Messages are read by hand (no zod): this module is on the menu page's start-up path.
 */

export type { LiveEvent };

/** Why a listener should refetch what it shows. */
export type ResyncReason = 'subscribed' | 'reconnected' | 'resync';

export interface LiveListener {
  onEvent: (event: LiveEvent) => void;
  onResync?: (reason: ResyncReason) => void;
}

/** The parts of the browser WebSocket this client uses (a fake one in tests). */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveClientOptions {
  /** ws:// or wss:// URL of `/api/live`, asked when a socket opens. */
  url: () => string;
  createSocket: (url: string) => LiveSocket;
  /** First reconnect delay; it doubles per failed attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long the socket stays open without any topic (navigation between pages keeps it). */
  idleCloseMs?: number;
  random?: () => number;
}

// The contract's values restated (its module would bring zod along); `typeof` keeps them equal.
export const LIVE_RESYNC_EVENT: typeof CONTRACT_RESYNC = 'resync';
const LIVE_PATH: typeof CONTRACT_LIVE_PATH = '/api/live';
const OPEN = 1;
const NORMAL_CLOSURE = 1000;
/** The server closes a socket over its per-session or per-address cap with this code. */
const TOO_MANY_SOCKETS: (typeof LIVE_CLOSE)['tooManySockets']['code'] = 4029;

export interface LiveClient {
  subscribe(topic: string, listener: LiveListener): () => void;
  /** Topics with at least one listener (for tests and diagnostics). */
  topics(): string[];
  /** Reconnect now if a reconnect is waiting (e.g. the browser came back online). */
  reconnectNow(): void;
}

interface ServerMessage {
  op?: unknown;
  topic?: unknown;
  event?: unknown;
  data?: unknown;
  code?: unknown;
}

function readMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null ? (value as ServerMessage) : null;
  } catch {
    return null;
  }
}

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const { url, createSocket, baseDelayMs = 500, maxDelayMs = 30_000, idleCloseMs = 10_000 } = options;
  const random = options.random ?? Math.random;
  const listeners = new Map<string, Set<LiveListener>>();
  let socket: LiveSocket | null = null;
  let hasBeenOpen = false;
  let failedAttempts = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Topics the current socket has confirmed (`subscribed`). */
  const confirmed = new Set<string>();

  const send = (message: { op: 'subscribe' | 'unsubscribe'; topic: string }) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const forEachListener = (topic: string, call: (listener: LiveListener) => void) => {
    // A copy: a listener may unsubscribe while being called.
    for (const listener of [...(listeners.get(topic) ?? [])]) {
      try {
        call(listener);
      } catch (error) {
        logFailure('Live listener failed', error);
      }
    }
  };

  const clearTimer = (timer: ReturnType<typeof setTimeout> | null) => {
    if (timer !== null) clearTimeout(timer);
  };

  const scheduleReconnect = () => {
    if (reconnectTimer !== null || listeners.size === 0) return;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** failedAttempts);
    // "Equal jitter": between half and all of the ceiling, so tabs do not reconnect in lockstep.
    const delay = ceiling / 2 + random() * (ceiling / 2);
    failedAttempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  };

  function connect() {
    if (socket !== null || listeners.size === 0) return;
    let created: LiveSocket;
    try {
      created = createSocket(url());
    } catch (error) {
      logFailure('Live connection failed', error);
      scheduleReconnect();
      return;
    }
    socket = created;
    const isReconnect = hasBeenOpen;

    created.onopen = () => {
      if (socket !== created) return;
      failedAttempts = 0;
      hasBeenOpen = true;
      confirmed.clear();
      for (const topic of listeners.keys()) send({ op: 'subscribe', topic });
    };
    created.onmessage = (event) => {
      if (socket !== created) return;
      const message = readMessage(event.data);
      if (!message) return;
      if (message.op === 'subscribed' && typeof message.topic === 'string') {
        const topic = message.topic;
        if (confirmed.has(topic)) return;
        confirmed.add(topic);
        const reason: ResyncReason = isReconnect ? 'reconnected' : 'subscribed';
        forEachListener(topic, (listener) => listener.onResync?.(reason));
        return;
      }
      if (message.op === 'error') {
        logFailure('Live subscription refused', message);
        return;
      }
      if (typeof message.topic === 'string' && typeof message.event === 'string') {
        const liveEvent: LiveEvent = { topic: message.topic, event: message.event, data: message.data };
        if (liveEvent.event === LIVE_RESYNC_EVENT) {
          forEachListener(liveEvent.topic, (listener) => listener.onResync?.('resync'));
        } else {
          forEachListener(liveEvent.topic, (listener) => listener.onEvent(liveEvent));
        }
      }
    };
    created.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
    created.onclose = (event) => {
      if (socket !== created) return;
      socket = null;
      if ((event as { code?: unknown } | null)?.code === TOO_MANY_SOCKETS) {
        // over the server's cap: coming straight back would only be refused again
        failedAttempts = Math.max(failedAttempts, Math.ceil(Math.log2(maxDelayMs / baseDelayMs)));
      }
      if (listeners.size > 0) {
        // A later socket is a reconnect as soon as one was ever open.
        scheduleReconnect();
      }
    };
  }

  const closeWhenIdle = () => {
    clearTimer(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (listeners.size > 0) return;
      clearTimer(reconnectTimer);
      reconnectTimer = null;
      const current = socket;
      socket = null;
      hasBeenOpen = false;
      failedAttempts = 0;
      current?.close(NORMAL_CLOSURE, 'idle');
    }, idleCloseMs);
  };

  return {
    subscribe(topic, listener) {
      clearTimer(idleTimer);
      idleTimer = null;
      let set = listeners.get(topic);
      const isNewTopic = !set;
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      if (socket === null) {
        if (reconnectTimer === null) connect();
      } else if (isNewTopic) {
        send({ op: 'subscribe', topic });
      }

      let isActive = true;
      return () => {
        if (!isActive) return;
        isActive = false;
        const current = listeners.get(topic);
        if (!current) return;
        current.delete(listener);
        if (current.size > 0) return;
        listeners.delete(topic);
        confirmed.delete(topic);
        send({ op: 'unsubscribe', topic });
        if (listeners.size === 0) closeWhenIdle();
      };
    },
    topics: () => [...listeners.keys()],
    reconnectNow() {
      if (reconnectTimer === null) return;
      clearTimer(reconnectTimer);
      reconnectTimer = null;
      connect();
    },
  };
}

/** ws:// or wss:// address of `/api/live`, on the API origin or this page's origin. */
export function liveUrl(apiOrigin: string = env.apiOrigin, location: Location = window.location): string {
  const target = new URL(LIVE_PATH, apiOrigin || location.origin);
  target.protocol = target.protocol === 'https:' ? 'wss:' : 'ws:';
  return target.toString();
}

let sharedClient: LiveClient | null = null;

/** The tab's one live client (created on first use; a no-op where WebSocket does not exist). */
export function getLiveClient(): LiveClient {
  if (sharedClient) return sharedClient;
  const client = createLiveClient({
    url: () => liveUrl(),
    createSocket: (address) => {
      if (typeof WebSocket === 'undefined') throw new Error('WebSocket is not available');
      return new WebSocket(address) as unknown as LiveSocket;
    },
  });
  if (typeof window !== 'undefined') window.addEventListener('online', () => client.reconnectNow());
  sharedClient = client;
  return client;
}

/** For tests: forget the shared client so the next `getLiveClient()` builds a fresh one. */
export function resetLiveClient(): void {
  sharedClient = null;
}

export interface UseLiveTopicOptions {
  /** Refetch what the screen shows: after a (re)subscription or a server `resync`. */
  onResync?: (reason: ResyncReason) => void;
}

/**
 * Listens to a topic while the component is mounted (`null` = nothing to listen to). The latest
 * callbacks are used without resubscribing when they change.
 */
export function useLiveTopic(
  topic: string | null,
  onEvent: (event: LiveEvent) => void,
  options: UseLiveTopicOptions = {},
): void {
  const latest = useRef({ onEvent, onResync: options.onResync });
  useEffect(() => {
    latest.current = { onEvent, onResync: options.onResync };
  });
  useEffect(() => {
    if (topic === null) return undefined;
    return getLiveClient().subscribe(topic, {
      onEvent: (event) => latest.current.onEvent(event),
      onResync: (reason) => latest.current.onResync?.(reason),
    });
  }, [topic]);
}
