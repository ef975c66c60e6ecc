/**
 * Live updates: the WebSocket endpoint `GET /api/live` (protocol in @comensal/contracts live.ts)
 * and the fan-out between instances through PostgreSQL LISTEN/NOTIFY.
 *
 * - Upgrade: the Origin must be a trusted origin (else 403, no upgrade); the session cookie, if
 *   any, identifies the diner (anonymous sockets may read public topics).
 * - One dedicated listening connection per app instance (not taken from the pool), reconnecting
 *   with backoff; after a reconnect every socket gets `resync` on each topic, since events may
 *   have been missed meanwhile.
 * - Publishers NOTIFY inside their transaction (`ctx.live.publish(message, tx)`, the NOTIFY of
 *   src/db/live-notify.ts); every instance
 *   — this one included — receives it after the commit, runs the in-process listeners first
 *   (e.g. the menu cache invalidation) and then pushes to its subscribed sockets.
 * - Heartbeat: a ping every `pingIntervalMs`; a socket that missed the previous pong is dropped.
 *   Frames above LIVE_MAX_MESSAGE_BYTES close the socket (1009); LIVE_MAX_SUBSCRIPTIONS per socket.
 * - Stopping: new sockets are refused (503) once the instance drains; open ones close with
 *   LIVE_CLOSE.restart (1012) when the app closes, and browsers reconnect to another instance.
 */
import { LIVE_CLOSE, LIVE_MAX_MESSAGE_BYTES, LIVE_PATH, LIVE_PING_INTERVAL_MS } from '@comensal/contracts';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { isTrustedOrigin, trustedOriginsFor } from '../auth/trusted-origins.ts';
import type { DbExecutor } from '../db/client.ts';
import { publishLiveEvent } from '../db/live-notify.ts';
import { sessionOfCookie } from '../http/request.ts';
import type { Diner, LivePublisher } from '../lib/context.ts';
import { DEFAULT_LIVE_LIMITS } from '../config.ts';
import { createLiveHub, type LiveHub, type LiveHubLimits, type LiveSocket } from '../live/live-hub.ts';
import { sessions } from '../db/schema.ts';
import { and, gt, inArray } from 'drizzle-orm';
import {
  ALL_CHANNELS,
  decodeLiveEvent,
  LIVE_NOTIFY_CHANNEL,
  SESSION_ENDED_EVENT,
  sessionChannel,
  type LiveEventMessage,
} from '../live/live-event.ts';
import { createTopicRegistry, type AuthorizeTopic, type TopicOptions } from '../live/topic-registry.ts';
import { sendError } from './errors.ts';
import { globalPlugin } from './plugin.ts';

export type LiveEventListener = (message: LiveEventMessage) => void;

export interface Live extends LivePublisher {
  /** Adds a topic to the table (see src/live/topic-registry.ts). */
  registerTopic(pattern: string, authorize: AuthorizeTopic, options?: TopicOptions): void;
  /**
   * Runs `listener` for every event that reaches this instance, before the sockets get it, and
   * with `{ event: 'resync' }` on channel `*` after the listener reconnected. Returns an unsubscribe.
   */
  onEvent(listener: LiveEventListener): () => void;
  /** NOTIFY inside `tx` (delivered at commit, dropped on rollback), or at once without. */
  publish(message: LiveEventMessage, tx?: DbExecutor): Promise<void>;
  /** Resolves once the listening connection is up (tests, benchmarks). */
  ready(): Promise<void>;
  stats(): { sockets: number; subscriptions: number; listening: boolean };
  /** Drops the LISTEN connection as a network failure would (tests of the reconnection). */
  dropListenerConnection(): void;
  /** Closes the sockets of sessions that expired or were deleted (each heartbeat; tests). */
  closeEndedSessions(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export interface LivePluginOptions extends Record<string, unknown> {
  pingIntervalMs?: number;
}

type LiveRequest = FastifyRequest & { liveOwner?: { diner: Diner; sessionId: string } | null };

/** How long a socket closed on shutdown has to answer the closing handshake. */
const CLOSE_HANDSHAKE_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The LISTEN side: one pg.Client, reconnecting with backoff until the app closes. */
function createListener(
  app: FastifyInstance,
  onMessage: (payload: string | undefined) => void,
  onReconnected: () => void,
) {
  const pool = (app.db as unknown as { $client?: pg.Pool }).$client;
  if (!pool?.options) throw new Error('live: the database has no pg pool to take connection settings from');
  let client: pg.Client | null = null;
  let closed = false;
  let connectedOnce = false;
  let attempt = 0;
  let firstReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    firstReady = resolve;
  });

  const lost = (lostClient: pg.Client, error?: Error) => {
    if (client !== lostClient) return;
    client = null;
    lostClient.removeAllListeners('notification');
    lostClient.end().catch(() => undefined);
    if (closed) return;
    app.log.warn({ err: error }, 'live: the LISTEN connection was lost; reconnecting');
    void loop();
  };

  async function connectOnce(): Promise<void> {
    const next = new pg.Client({
      ...pool!.options,
      application_name: 'comensal-live',
      keepAlive: true,
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === LIVE_NOTIFY_CHANNEL) onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_NOTIFY_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }

  async function loop(): Promise<void> {
    while (!closed && !client) {
      try {
        await connectOnce();
        attempt = 0;
        if (connectedOnce) {
          app.log.info('live: LISTEN connection restored');
          onReconnected();
        }
        connectedOnce = true;
        firstReady();
      } catch (error) {
        attempt += 1;
        const delay = Math.min(5_000, 100 * 2 ** Math.min(attempt, 6));
        app.log.warn({ err: error, retryInMs: delay }, 'live: could not LISTEN; retrying');
        await sleep(delay);
      }
    }
  }

  return {
    start: () => loop(),
    ready: () => ready,
    isListening: () => client !== null,
    /** A dead TCP connection may go unnoticed: ask it something now and then. */
    async check(): Promise<void> {
      const current = client;
      if (!current) return;
      try {
        await current.query('SELECT 1');
      } catch (error) {
        lost(current, error as Error);
      }
    },
    /** Test hook: drops the connection as a network failure would. */
    breakConnection(): void {
      const current = client;
      if (current) lost(current, new Error('connection broken on purpose'));
    },
    async close(): Promise<void> {
      closed = true;
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

export const livePlugin = globalPlugin<LivePluginOptions>('live', async (app, options) => {
  const registry = createTopicRegistry();
  const limits: LiveHubLimits = app.config.liveLimits ?? DEFAULT_LIVE_LIMITS;
  const hub: LiveHub = createLiveHub(registry, app.log, undefined, limits);
  const listeners = new Set<LiveEventListener>();
  // the same list as better-auth and the CSRF check (PUBLIC_URL, both loopback spellings)
  const origins = trustedOriginsFor(app.config.publicUrl);

  const runListeners = (message: LiveEventMessage) => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        app.log.error({ err: error, event: message.event }, 'live: an event listener failed');
      }
    }
  };

  const listener = createListener(
    app,
    (payload) => {
      const message = decodeLiveEvent(payload);
      if (!message) {
        app.log.warn({ payload }, 'live: ignoring a malformed NOTIFY payload');
        return;
      }
      runListeners(message);
      if (message.event === SESSION_ENDED_EVENT) {
        const sessionId = message.data;
        if (typeof sessionId === 'string' && message.channel === sessionChannel(sessionId)) {
          hub.closeSession(sessionId);
        }
        return;
      }
      hub.deliver(message.channel, message.event, message.data);
    },
    () => {
      runListeners({ channel: ALL_CHANNELS, event: 'resync', data: null });
      hub.resyncAll();
    },
  );

  app.decorate('live', {
    registerTopic: (pattern, authorize, topicOptions) =>
      registry.registerTopic(pattern, authorize, topicOptions),
    onEvent(eventListener) {
      listeners.add(eventListener);
      return () => listeners.delete(eventListener);
    },
    publish: (message, tx) => publishLiveEvent(tx ?? app.db, message),
    ready: () => listener.ready(),
    stats: () => ({ ...hub.stats(), listening: listener.isListening() }),
    closeEndedSessions: () => closeEndedSessions(),
    dropListenerConnection: () => listener.breakConnection(),
  } satisfies Live);

  // Stopping (after plugins/drain.ts had the balancer take this instance out): sockets close with
  // `restart`, and clients reconnect to another instance. A peer that does not answer the closing
  // handshake is dropped after CLOSE_HANDSHAKE_MS. Runs before @fastify/websocket's own preClose.
  app.addHook('preClose', async () => {
    hub.closeAll(LIVE_CLOSE.restart.code, LIVE_CLOSE.restart.reason);
    setTimeout(() => hub.terminateAll(), CLOSE_HANDSHAKE_MS).unref();
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: LIVE_MAX_MESSAGE_BYTES, perMessageDeflate: false },
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'live: socket error');
      (socket as unknown as LiveSocket).terminate();
    },
  });

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    sendError(reply, status, status === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED', message);

  app.route({
    method: 'GET',
    url: LIVE_PATH,
    schema: { hide: true },
    onRequest: async (request, reply) => {
      // browsers always send Origin on a WebSocket handshake; no Referer fallback here
      if (app.drain.draining) {
        // the client's next attempt goes to another instance
        return sendError(reply, 503, 'INTERNAL', 'This instance is stopping; connect again');
      }
      const origin = request.headers.origin;
      if (!isTrustedOrigin(origin === undefined || origin === 'null' ? null : origin, origins)) {
        request.log.info({ origin }, 'live: upgrade refused (origin)');
        return refuse(reply, 403, 'This origin may not open a live connection');
      }
    },
    preHandler: async (request) => {
      if (!request.ws) return;
      (request as LiveRequest).liveOwner = await sessionOfCookie(app, request.headers.cookie);
    },
    handler: async (_request, reply) => refuse(reply, 426, 'Open a WebSocket to this address'),
    wsHandler: (socket, request) => {
      const owner = (request as LiveRequest).liveOwner ?? null;
      hub.accept(socket as unknown as LiveSocket, owner?.diner ?? null, {
        sessionId: owner?.sessionId ?? null,
        address: request.ip,
      });
    },
  });

  const pingIntervalMs = options.pingIntervalMs ?? LIVE_PING_INTERVAL_MS;
  /**
   * Sessions that ended without a word (expired; deleted with their user, e.g. a guest whose data
   * moved to an account): their sockets close at the next heartbeat. Sign-out and revocation tell
   * at once (SESSION_ENDED_EVENT, from src/auth/auth.ts).
   */
  const closeEndedSessions = async () => {
    const open = hub.sessionIds();
    if (open.length === 0) return;
    const alive = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, open), gt(sessions.expiresAt, app.now())));
    const still = new Set(alive.map((row) => row.id));
    for (const id of open) if (!still.has(id)) hub.closeSession(id);
  };

  const timer = setInterval(() => {
    hub.heartbeat();
    void listener.check();
    closeEndedSessions().catch((error: unknown) =>
      app.log.warn({ err: error }, 'live: could not check the sessions of open sockets'),
    );
  }, pingIntervalMs);
  timer.unref();

  app.addHook('onClose', async () => {
    clearInterval(timer);
    await listener.close();
  });

  // Normally connected within milliseconds; if PostgreSQL is slow to answer, the app starts anyway
  // and the listener keeps retrying in the background.
  void listener.start();
  const startTimeout = new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref());
  await Promise.race([listener.ready(), startTimeout]);
});
