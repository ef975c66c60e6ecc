/**
 * The sockets of THIS process and what each is subscribed to. It speaks the protocol of
 * @comensal/contracts `live.ts`; it knows nothing of HTTP or PostgreSQL: src/plugins/live.ts feeds it
 * the sockets that passed the upgrade checks and the events that arrived over LISTEN.
 */
import {
  LIVE_CLOSE,
  LIVE_MAX_SUBSCRIPTIONS,
  LIVE_RESYNC_EVENT,
  liveClientMessageSchema,
  type LiveErrorCode,
  type LiveServerMessage,
} from '@comensal/contracts';
import { DEFAULT_LIVE_LIMITS, type LiveLimits } from '../config.ts';
import type { Diner } from '../lib/context.ts';
import type { TopicParams, TopicRegistry } from './topic-registry.ts';

/** What the hub needs of a `ws` WebSocket (kept structural: `ws` ships no types here). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): void;
  on(event: 'pong' | 'close', listener: () => void): void;
}

export interface LiveLogger {
  warn(object: object, message: string): void;
  debug(object: object, message: string): void;
}

const OPEN = 1;
/** Messages a socket may send: a burst of MESSAGE_BURST, then MESSAGES_PER_SECOND (each subscribe may ask the database). */
const MESSAGE_BURST = 60;
const MESSAGES_PER_SECOND = 20;
/** WebSocket close code 1008: policy violation. */
const POLICY_VIOLATION = 1008;
/** A socket that cannot keep up (1 MiB unsent) is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Subscription {
  channel: string;
  /** Asked again when one of `recheckOn` arrives on the channel; dropped once it says no. */
  authorize: (diner: Diner | null, params: TopicParams) => boolean | Promise<boolean>;
  params: TopicParams;
  recheckOn: ReadonlySet<string>;
}

interface Connection {
  socket: LiveSocket;
  /** Who holds the socket: null for nobody signed in. */
  diner: Diner | null;
  /** The session the socket was opened with (null: none), and the client address. */
  sessionId: string | null;
  address: string;
  topics: Map<string, Subscription>;
  isAlive: boolean;
  /** Messages of one socket are handled in order (authorisation may wait on the database). */
  queue: Promise<void>;
  /** Token bucket of the message rate limit. */
  tokens: number;
  refilledAt: number;
}

/** Where a socket comes from: its session and client address (the caps count these). */
export interface SocketOrigin {
  sessionId?: string | null;
  address?: string;
}

/** Open sockets per session and per client address on this instance (src/config.ts). */
export type LiveHubLimits = LiveLimits;

export interface LiveHub {
  /** Takes over a socket that passed the upgrade checks (or closes it when over a cap). */
  accept(socket: LiveSocket, diner: Diner | null, origin?: SocketOrigin): void;
  /** Closes every socket opened with `sessionId` (signed out, revoked, expired). */
  closeSession(sessionId: string): number;
  /** The sessions that hold open sockets. */
  sessionIds(): string[];
  /**
   * Pushes `{ topic, event, data }` to every local socket subscribed through `channel`. When the
   * event is one a subscription re-checks on (e.g. `members.changed`), those that may no longer
   * read the topic are dropped first; deliveries keep their order meanwhile.
   */
  deliver(channel: string, event: string, data: unknown): number;
  /** Resolves once every delivery under way has been made (tests). */
  drained(): Promise<void>;
  /** `resync` on every subscribed topic (events may have been missed). */
  resyncAll(): void;
  /** Pings every socket; terminates those that did not answer the previous ping. */
  heartbeat(): void;
  /** Closes every socket (server shutting down). */
  closeAll(code?: number, reason?: string): void;
  /** Drops every socket at once, without the closing handshake (a peer that did not answer it). */
  terminateAll(): void;
  stats(): { sockets: number; subscriptions: number };
}

function toText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data) && data.every((item) => Buffer.isBuffer(item))) {
    return Buffer.concat(data).toString('utf8');
  }
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return null;
}

export function createLiveHub(
  registry: TopicRegistry,
  log: LiveLogger,
  clock: () => number = () => performance.now(),
  limits: LiveHubLimits = DEFAULT_LIVE_LIMITS,
): LiveHub {
  const connections = new Set<Connection>();
  /** Deliveries waiting behind a re-check, in order; null when none is under way. */
  let chain: Promise<void> | null = null;
  let waiting = 0;
  /** channel → connections subscribed through it (with the topic they used) */
  const byChannel = new Map<string, Map<Connection, string>>();

  function send(connection: Connection, message: LiveServerMessage): void {
    const { socket } = connection;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      log.warn({ bufferedAmount: socket.bufferedAmount }, 'live: dropping a socket that does not read');
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(message));
  }

  const sendError = (connection: Connection, code: LiveErrorCode, topic?: string, message?: string) =>
    send(connection, {
      op: 'error',
      code,
      ...(topic === undefined ? {} : { topic }),
      ...(message === undefined ? {} : { message }),
    });

  function unsubscribe(connection: Connection, topic: string): void {
    const channel = connection.topics.get(topic)?.channel;
    if (channel === undefined) return;
    connection.topics.delete(topic);
    const subscribers = byChannel.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) byChannel.delete(channel);
  }

  async function subscribe(connection: Connection, topic: string): Promise<void> {
    if (connection.topics.has(topic)) return send(connection, { op: 'subscribed', topic });
    if (connection.topics.size >= LIVE_MAX_SUBSCRIPTIONS) {
      return sendError(
        connection,
        'TOO_MANY_SUBSCRIPTIONS',
        topic,
        `at most ${LIVE_MAX_SUBSCRIPTIONS} topics per socket`,
      );
    }
    const resolved = registry.resolve(topic);
    if (!resolved) return sendError(connection, 'UNKNOWN_TOPIC', topic);
    let allowed = false;
    try {
      allowed = await resolved.authorize(connection.diner, resolved.params);
    } catch (error) {
      log.warn({ err: error, topic }, 'live: topic authorisation failed');
    }
    if (!allowed) return sendError(connection, 'FORBIDDEN', topic);
    if (connection.socket.readyState !== OPEN) return;
    const channel = resolved.channel(connection.diner);
    connection.topics.set(topic, {
      channel,
      authorize: resolved.authorize,
      params: resolved.params,
      recheckOn: resolved.recheckOn,
    });
    let subscribers = byChannel.get(channel);
    if (!subscribers) byChannel.set(channel, (subscribers = new Map()));
    subscribers.set(connection, topic);
    send(connection, { op: 'subscribed', topic });
  }

  /** False (and the socket closed) when it sends faster than the limit. */
  function withinRate(connection: Connection): boolean {
    const now = clock();
    connection.tokens = Math.min(
      MESSAGE_BURST,
      connection.tokens + ((now - connection.refilledAt) / 1000) * MESSAGES_PER_SECOND,
    );
    connection.refilledAt = now;
    if (connection.tokens >= 1) {
      connection.tokens -= 1;
      return true;
    }
    log.warn({}, 'live: closing a socket that sends too many messages');
    connection.socket.close(POLICY_VIOLATION, 'too many messages');
    return false;
  }

  async function handle(connection: Connection, data: unknown, isBinary: boolean): Promise<void> {
    const text = isBinary ? null : toText(data);
    let json: unknown;
    try {
      json = text === null ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = liveClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const topic =
        typeof json === 'object' && json !== null && typeof (json as { topic?: unknown }).topic === 'string'
          ? ((json as { topic: string }).topic.slice(0, 200) as string)
          : undefined;
      return sendError(
        connection,
        'BAD_MESSAGE',
        topic,
        'expected {"op":"subscribe"|"unsubscribe","topic":…}',
      );
    }
    const message = parsed.data;
    switch (message.op) {
      case 'ping':
        return send(connection, { op: 'pong' });
      case 'subscribe':
        return subscribe(connection, message.topic);
      case 'unsubscribe':
        unsubscribe(connection, message.topic);
        return send(connection, { op: 'unsubscribed', topic: message.topic });
    }
  }

  function deliverNow(channel: string, event: string, data: unknown): void {
    for (const [connection, topic] of byChannel.get(channel) ?? []) send(connection, { topic, event, data });
  }

  /** Asks again every subscription of `channel` that re-checks on `event`; drops those refused. */
  async function recheck(channel: string, event: string): Promise<void> {
    const subscribers = [...(byChannel.get(channel) ?? [])];
    await Promise.all(
      subscribers.map(async ([connection, topic]) => {
        const subscription = connection.topics.get(topic);
        if (!subscription?.recheckOn.has(event)) return;
        let allowed = false;
        try {
          allowed = await subscription.authorize(connection.diner, subscription.params);
        } catch (error) {
          log.warn({ err: error, topic }, 'live: topic authorisation failed');
        }
        if (allowed || connection.topics.get(topic) !== subscription) return;
        unsubscribe(connection, topic);
        sendError(connection, 'FORBIDDEN', topic, 'you may no longer read this topic');
      }),
    );
  }

  const countWhere = (match: (connection: Connection) => boolean) => {
    let count = 0;
    for (const connection of connections) if (match(connection)) count += 1;
    return count;
  };

  return {
    accept(socket, diner, origin = {}) {
      const sessionId = origin.sessionId ?? null;
      const address = origin.address ?? '';
      const overSession =
        sessionId !== null &&
        countWhere((other) => other.sessionId === sessionId) >= limits.maxSocketsPerSession;
      const overAddress =
        address !== '' && countWhere((other) => other.address === address) >= limits.maxSocketsPerAddress;
      if (overSession || overAddress) {
        log.warn({ perSession: overSession, perAddress: overAddress }, 'live: too many sockets; closing');
        socket.close(LIVE_CLOSE.tooManySockets.code, LIVE_CLOSE.tooManySockets.reason);
        return;
      }
      const connection: Connection = {
        socket,
        diner,
        sessionId,
        address,
        topics: new Map(),
        isAlive: true,
        queue: Promise.resolve(),
        tokens: MESSAGE_BURST,
        refilledAt: clock(),
      };
      connections.add(connection);
      socket.on('pong', () => {
        connection.isAlive = true;
      });
      socket.on('message', (data, isBinary) => {
        if (!withinRate(connection)) return;
        connection.queue = connection.queue
          .then(() => handle(connection, data, isBinary))
          .catch((error: unknown) => log.warn({ err: error }, 'live: message handling failed'));
      });
      socket.on('close', () => {
        for (const topic of [...connection.topics.keys()]) unsubscribe(connection, topic);
        connections.delete(connection);
      });
    },

    deliver(channel, event, data) {
      const subscribers = byChannel.get(channel);
      if (!subscribers) return 0;
      const rechecks = [...subscribers].some(([connection, topic]) =>
        connection.topics.get(topic)?.recheckOn.has(event),
      );
      if (!rechecks && waiting === 0) {
        deliverNow(channel, event, data);
        return subscribers.size;
      }
      const count = subscribers.size;
      waiting += 1;
      chain = (chain ?? Promise.resolve())
        .then(async () => {
          if (rechecks) await recheck(channel, event);
          deliverNow(channel, event, data);
        })
        .catch((error: unknown) => log.warn({ err: error }, 'live: delivery failed'))
        .finally(() => {
          waiting -= 1;
          if (waiting === 0) chain = null;
        });
      return count;
    },

    drained: () => chain ?? Promise.resolve(),

    closeSession(sessionId) {
      let closed = 0;
      for (const connection of connections) {
        if (connection.sessionId !== sessionId) continue;
        connection.socket.close(LIVE_CLOSE.sessionEnded.code, LIVE_CLOSE.sessionEnded.reason);
        closed += 1;
      }
      return closed;
    },

    sessionIds() {
      const ids = new Set<string>();
      for (const connection of connections) if (connection.sessionId !== null) ids.add(connection.sessionId);
      return [...ids];
    },

    resyncAll() {
      for (const connection of connections) {
        for (const topic of connection.topics.keys()) {
          send(connection, { topic, event: LIVE_RESYNC_EVENT, data: null });
        }
      }
    },

    heartbeat() {
      for (const connection of connections) {
        if (!connection.isAlive) {
          log.debug({}, 'live: dropping a socket that missed a ping');
          connection.socket.terminate();
          continue;
        }
        connection.isAlive = false;
        try {
          connection.socket.ping();
        } catch {
          connection.socket.terminate();
        }
      }
    },

    closeAll(code = 1001, reason = 'server shutting down') {
      for (const connection of connections) connection.socket.close(code, reason);
    },

    terminateAll() {
      for (const connection of connections) connection.socket.terminate();
    },

    stats() {
      let subscriptions = 0;
      for (const connection of connections) subscriptions += connection.topics.size;
      return { sockets: connections.size, subscriptions };
    },
  };
}
