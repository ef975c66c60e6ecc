/**
 * Test helpers for live updates: a WebSocket client that queues what it receives (Node's global
 * WebSocket, which accepts Origin and Cookie headers), and a wait for an event reaching an app.
 * Sessions for the sockets come from test/sessions.ts (signUpUser, signInGuest, TEST_ORIGIN).
 */
import { request as httpRequest } from 'node:http';
import type { LiveServerMessage } from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { LiveEventMessage } from '../live/live-event.ts';

const WAIT_MS = 10_000;

export interface LiveTestClient {
  send(message: unknown): void;
  sendRaw(data: string | ArrayBuffer): void;
  /** The next message not yet taken (fails after a generous wait, never on timing). */
  next(): Promise<LiveServerMessage>;
  /** Sends, then answers the next message. */
  request(message: unknown): Promise<LiveServerMessage>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

export async function openLiveClient(
  baseUrl: string,
  headers: { origin?: string; cookie?: string } = {},
): Promise<LiveTestClient> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/live`;
  const socket = new WebSocket(url, { headers: Object.fromEntries(Object.entries(headers)) });
  const queue: LiveServerMessage[] = [];
  const waiters: ((message: LiveServerMessage) => void)[] = [];
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as LiveServerMessage;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) =>
    socket.addEventListener('close', (event) => resolve(event.code)),
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('the live socket did not open')), { once: true });
  });
  const next = () =>
    new Promise<LiveServerMessage>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error('no live message arrived')), WAIT_MS);
      waiters.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (data) => socket.send(data),
    next,
    async request(message) {
      socket.send(JSON.stringify(message));
      return next();
    },
    closed,
    close: () => socket.close(),
  };
}

/** Status of a WebSocket upgrade request to /api/live (101 when accepted). */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/api/live`, {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
        ...headers,
      },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Resolves with the next event on `channel` that reaches `app` (after its listeners ran) and
 * passes `match` — give one when an earlier test's event may still be on its way (NOTIFY is
 * delivered asynchronously after each commit), e.g. `(m) => m.data.reservationId === id`.
 */
export function nextLiveEvent(
  app: FastifyInstance,
  channel: string,
  match: (message: LiveEventMessage) => boolean = () => true,
): Promise<LiveEventMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no live event on ${channel}`));
    }, WAIT_MS);
    const stop = app.live.onEvent((message) => {
      if (message.channel !== channel || !match(message)) return;
      clearTimeout(timer);
      stop();
      // listeners run before the sockets get it; let the others (e.g. cache) run first
      queueMicrotask(() => resolve(message));
    });
  });
}
