/**
 * Two instances behind Debian's HAProxy on one PostgreSQL, as docs/deploy.md runs them: real
 * processes (`node src/server.ts`, as `npm start` runs it) started together on an empty database,
 * HAProxy with health checks on /readyz and WebSocket upgrade, all on loopback.
 *
 * - migrations and the demo seed run once although both start at the same moment;
 * - a photo uploaded through one instance is served by the other (files in an S3-compatible
 *   bucket: s3rver on loopback, src/test/s3-server.ts);
 * - a session made on one instance works on the other, and a create retried on the other with
 *   its Idempotency-Key gets the first answer back;
 * - diners whose sockets are held by different instances see each other's orders live;
 * - after a price change through one instance, the menu answer of both is fresh, and so are the
 *   nearest-first lists of both after a restaurant changes in the database;
 * - SIGTERM to one instance during a loop of bookings through the balancer: it exits 0, every
 *   booking answered 2xx is in the database, no booking failed, and the sockets it held close
 *   with 1012 and come back through the balancer.
 *
 * HAProxy is required (`apt-get install haproxy`; .ci/run installs it): without it this file
 * fails, it never skips.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  LIVE_CLOSE,
  MENU_CHANGED_EVENT,
  menuTopic,
  ORDER_EVENTS,
  reservationTopic,
  type LiveServerMessage,
} from '@comensal/contracts';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { createEmptyDatabase, type EmptyDatabase } from './test/database.ts';
import { checkHaproxyConfig, findHaproxy, haproxyConfig } from './test/haproxy.ts';
import { openLiveClient, type LiveTestClient } from './test/live.ts';
import { multipartBody } from './test/multipart.ts';
import { startTestS3Server, type TestS3Server } from './test/s3-server.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const DEMO_PASSWORD = 'comensal-demo';
const RESTAURANT_SLUG = 'la-picada-de-bellavista';

interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: Proc[] = [];

function startProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const proc = { name, child, output: () => output, exit };
  running.push(proc);
  return proc;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const outputs = running.map((proc) => `--- ${proc.name}\n${proc.output().slice(-3000)}`).join('\n');
      throw new Error(`${what}: not within ${timeoutMs} ms\n${outputs}`);
    }
    await sleep(100);
  }
}

// --- the setup ---------------------------------------------------------------------------------

let database: EmptyDatabase;
let tempDir: string;
let balancer: string;
let publicUrl: string;
const instances: { name: 'a' | 'b'; url: string; proc: Proc }[] = [];
const sockets: LiveTestClient[] = [];
let s3: TestS3Server;

const query = <T extends pg.QueryResultRow>(sql: string, values: unknown[] = []) =>
  database.query<T>(sql, values);

beforeAll(async () => {
  const haproxy = findHaproxy();
  s3 = await startTestS3Server();
  database = await createEmptyDatabase();
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-instances-'));
  await chmod(tempDir, 0o755);
  const balancerPort = await freePort();
  balancer = `http://127.0.0.1:${balancerPort}`;
  publicUrl = balancer;

  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const authSecret = randomBytes(32).toString('base64url');
  // both at once, on an empty database: migrations and seed must run once
  for (const name of ['a', 'b'] as const) {
    const port = await freePort();
    const proc = startProcess(`instance ${name}`, process.execPath, [SERVER], {
      ...inherited,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: database.connectionString,
      AUTH_SECRET: authSecret,
      DATA_DIR: path.join(tempDir, name),
      SEED_DEMO: '1',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
      DATABASE_POOL_SIZE: '5',
      DRAIN_DELAY_SECONDS: '2',
      DRAIN_TIMEOUT_SECONDS: '10',
      // every request of this file comes from one address
      ABUSE_BURST_PER_ADDRESS: '100000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ...s3.env,
    });
    instances.push({ name, url: `http://127.0.0.1:${port}`, proc });
  }
  for (const { url, proc } of instances) {
    await waitFor(`${proc.name} ready`, async () => {
      if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.output()}`);
      return (await fetch(`${url}/readyz`)).status === 200 ? true : undefined;
    });
  }

  const config = path.join(tempDir, 'haproxy.cfg');
  await writeFile(config, haproxyConfig(balancerPort, instances));
  checkHaproxyConfig(haproxy, config);
  startProcess('haproxy', haproxy, ['-db', '-f', config], process.env);
  // both servers in rotation (the header names the one that answered)
  const seen = new Set<string>();
  await waitFor('both instances behind HAProxy', async () => {
    const res = await fetch(`${balancer}/readyz`);
    const server = res.headers.get('x-served-by');
    if (res.status === 200 && server) seen.add(server);
    return seen.size === 2 ? true : undefined;
  });
}, 90_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const proc of running) {
    if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
  }
  await Promise.all(running.map((proc) => proc.exit));
  await database?.drop().catch(() => undefined);
  await s3?.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

// --- HTTP as a browser on PUBLIC_URL ------------------------------------------------------------

interface Answer<T = unknown> {
  status: number;
  body: T;
  cookie: string;
  servedBy: string | null;
  /** The answer is the stored one of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown; idempotencyKey?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { origin: publicUrl };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return {
    status: res.status,
    body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
    cookie,
    servedBy: res.headers.get('x-served-by'),
    replayed: res.headers.get('idempotent-replayed') === 'true',
  };
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/sign-in/email', {
    body: { email, password: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.cookie;
}

async function signInGuest(base: string): Promise<string> {
  const res = await call(base, 'POST', '/api/auth/sign-in/anonymous', { body: {} });
  if (res.status !== 200) throw new Error(`guest sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.cookie;
}

async function openSocket(base: string, cookie?: string): Promise<LiveTestClient> {
  const socket = await openLiveClient(base, { origin: publicUrl, ...(cookie ? { cookie } : {}) });
  sockets.push(socket);
  return socket;
}

async function subscribe(socket: LiveTestClient, topic: string): Promise<void> {
  expect(await socket.request({ op: 'subscribe', topic })).toEqual({ op: 'subscribed', topic });
}

/** The next message on `topic` that passes `match` (others are skipped). */
async function nextOn(
  socket: LiveTestClient,
  topic: string,
  match: (message: LiveServerMessage & { event?: string }) => boolean,
): Promise<LiveServerMessage> {
  for (;;) {
    const message = (await socket.next()) as LiveServerMessage & { topic?: string; event?: string };
    if (message.topic === topic && match(message)) return message;
  }
}

/** A day the restaurant opens for dinner (Tuesday to Saturday in Santiago), 2 to 8 days ahead. */
function dinnerDate(): string {
  for (let days = 2; ; days += 1) {
    const at = new Date(Date.now() + days * 86_400_000);
    const weekday = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      timeZone: 'America/Santiago',
    }).format(at);
    if (!['Sun', 'Mon'].includes(weekday))
      return at.toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
  }
}

/** A dish of the menu list (what its card shows, ADR 0037). */
interface MenuItem {
  id: string;
  price: number;
  choiceRequired: boolean;
}

async function restaurantId(): Promise<string> {
  const [row] = await query<{ id: string }>('SELECT id FROM restaurants WHERE slug = $1', [RESTAURANT_SLUG]);
  return row!.id;
}

async function menuItems(base: string, id: string): Promise<MenuItem[]> {
  const res = await call<{ items: MenuItem[] }>(base, 'GET', `/api/restaurants/${id}/menu`);
  expect(res.status).toBe(200);
  return res.body.items;
}

// --- the tests ----------------------------------------------------------------------------------

describe('two instances behind HAProxy, one PostgreSQL', () => {
  it('ran the migrations and the demo seed once although both started together', async () => {
    const seeded = instances.filter(({ proc }) => proc.output().includes('demo data seeded'));
    expect(seeded).toHaveLength(1);
    const [restaurants] = await query<{ n: string }>('SELECT count(*) AS n FROM restaurants');
    const [owners] = await query<{ n: string }>(
      "SELECT count(*) AS n FROM users WHERE email = 'owner@comensal.test'",
    );
    expect(Number(restaurants!.n)).toBeGreaterThanOrEqual(12);
    expect(Number(owners!.n)).toBe(1);
    // the Webpay sandbox is the one part that cannot be shared: each instance says so
    for (const { proc } of instances)
      expect(proc.output()).toContain('WEBPAY_ENV=sandbox keeps its payments');
  });

  it('serves a photo uploaded through one instance from the other (the bucket)', async () => {
    const [a, b] = instances;
    const cookie = await signIn(a!.url, 'tom@comensal.test');
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#16a085' } })
      .png()
      .toBuffer();
    const form = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: png }]);
    const uploaded = await fetch(`${a!.url}/api/me/photo`, {
      method: 'POST',
      headers: { origin: publicUrl, cookie, 'content-type': form.contentType },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(200);
    const { photoURL } = (await uploaded.json()) as { photoURL: string };
    const fromA = await fetch(`${a!.url}${photoURL}`);
    const fromB = await fetch(`${b!.url}${photoURL}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    // in the bucket, not on either instance's disk
    expect(await s3.keys('files/users/')).toContain(photoURL.slice(1));
  });

  it('honours a session made on one instance on the other', async () => {
    const [a, b] = instances;
    const cookie = await signIn(a!.url, 'ana@comensal.test');
    const onA = await call<{ email: string }>(a!.url, 'GET', '/api/me', { cookie });
    const onB = await call<{ email: string }>(b!.url, 'GET', '/api/me', { cookie });
    expect(onA.status).toBe(200);
    expect(onB.status).toBe(200);
    expect(onB.body.email).toBe('ana@comensal.test');
    // signing out on B ends it on A too
    expect((await call(b!.url, 'POST', '/api/auth/sign-out', { cookie, body: {} })).status).toBe(200);
    expect((await call(a!.url, 'GET', '/api/me', { cookie })).status).toBe(401);
  });

  it('recognises on one instance a create retried from the other (Idempotency-Key)', async () => {
    const [a, b] = instances;
    const id = await restaurantId();
    const guest = await signInGuest(a!.url);
    const booking = {
      cookie: guest,
      idempotencyKey: randomUUID(),
      body: {
        restaurantId: id,
        date: dinnerDate(),
        startAt: '22:00',
        duration: 30,
        quantity: 1,
        pickup: true,
      },
    };
    const first = await call<{ id: string }>(a!.url, 'POST', '/api/reservations', booking);
    const retried = await call<{ id: string }>(b!.url, 'POST', '/api/reservations', booking);
    expect(first.status).toBe(201);
    expect(retried.status).toBe(201);
    expect(retried.replayed).toBe(true);
    expect(retried.body.id).toBe(first.body.id);
  });

  it('shows diners on different instances each other’s orders live', async () => {
    const [a, b] = instances;
    const id = await restaurantId();
    const ana = await signIn(a!.url, 'ana@comensal.test');
    const booked = await call<{ id: string }>(a!.url, 'POST', '/api/reservations', {
      cookie: ana,
      idempotencyKey: randomUUID(),
      body: { restaurantId: id, date: dinnerDate(), startAt: '21:00', duration: 90, quantity: 2 },
    });
    expect(booked.status).toBe(201);
    const reservationId = booked.body.id;
    const link = await call<{ key: string }>(a!.url, 'PUT', `/api/reservations/${reservationId}/share-link`, {
      cookie: ana,
    });
    expect(link.status).toBe(200);
    const guest = await signInGuest(b!.url);
    const joined = await call(b!.url, 'POST', `/api/reservations/${reservationId}/share-link/join`, {
      cookie: guest,
      idempotencyKey: randomUUID(),
      body: { key: link.body.key },
    });
    expect(joined.status).toBe(200);

    const topic = reservationTopic(reservationId);
    const anaSocket = await openSocket(a!.url, ana);
    const guestSocket = await openSocket(b!.url, guest);
    await subscribe(anaSocket, topic);
    await subscribe(guestSocket, topic);

    const dish = (await menuItems(a!.url, id)).find((item) => !item.choiceRequired)!;
    const order = (base: string, cookie: string) =>
      call<{ id: string }[]>(base, 'POST', `/api/reservations/${reservationId}/orders`, {
        cookie,
        idempotencyKey: randomUUID(),
        body: { productId: dish.id, quantity: 1 },
      });
    const byGuest = await order(b!.url, guest);
    expect(byGuest.status).toBe(201);
    // the guest ordered through B: Ana's socket on A hears it
    expect(await nextOn(anaSocket, topic, (m) => m.event === ORDER_EVENTS.created)).toMatchObject({
      topic,
      event: ORDER_EVENTS.created,
    });
    const byAna = await order(a!.url, ana);
    expect(byAna.status).toBe(201);
    expect(await nextOn(guestSocket, topic, (m) => m.event === ORDER_EVENTS.created)).toMatchObject({
      topic,
      event: ORDER_EVENTS.created,
    });
  });

  it('answers a fresh menu on both instances after a price change through one', async () => {
    const [a, b] = instances;
    const id = await restaurantId();
    const dish = (await menuItems(a!.url, id))[0]!;
    // both instances hold the menu in their caches
    expect((await menuItems(b!.url, id)).find((item) => item.id === dish.id)?.price).toBe(dish.price);
    const topic = menuTopic(id);
    const onA = await openSocket(a!.url);
    const onB = await openSocket(b!.url);
    await subscribe(onA, topic);
    await subscribe(onB, topic);

    const owner = await signIn(a!.url, 'owner@comensal.test');
    const newPrice = dish.price + 100;
    const edited = await call(a!.url, 'PATCH', `/api/staff/restaurants/${id}/products/${dish.id}`, {
      cookie: owner,
      body: { price: newPrice },
    });
    expect(edited.status).toBe(200);
    // each instance drops its cached answer before its sockets hear of the change
    for (const socket of [onA, onB]) await nextOn(socket, topic, (m) => m.event === MENU_CHANGED_EVENT);
    for (const { url } of instances) {
      expect((await menuItems(url, id)).find((item) => item.id === dish.id)?.price).toBe(newPrice);
    }
  });

  it('answers fresh nearest-first lists on both instances after a restaurant changes in the database', async () => {
    const near = '/api/restaurants?lat=-33.4327&lng=-70.6347&sort=distance';
    const nameOnList = async (base: string) => {
      const res = await call<{ items: { slug: string; name: string }[] }>(base, 'GET', near);
      return res.body.items.find((item) => item.slug === RESTAURANT_SLUG)?.name;
    };
    // both instances built their index and list items
    for (const { url } of instances) expect(await nameOnList(url)).toBe('La Picada de Bellavista');
    // a change made outside the app (a console in psql): the table's trigger tells every instance
    await query("UPDATE restaurants SET name = 'La Picada de Bellavista (renovada)' WHERE slug = $1", [
      RESTAURANT_SLUG,
    ]);
    for (const { url, proc } of instances) {
      await waitFor(
        `${proc.name} lists the new name`,
        async () => ((await nameOnList(url)) === 'La Picada de Bellavista (renovada)' ? true : undefined),
        10_000,
      );
    }
  });

  it('hands over on SIGTERM: no acknowledged booking lost, no booking failed, sockets come back', async () => {
    const [a] = instances;
    const id = await restaurantId();
    const date = dinnerDate();
    const topic = menuTopic(id);
    // sockets through the balancer: round robin spreads them over both instances
    const viaBalancer: LiveTestClient[] = [];
    for (let i = 0; i < 4; i += 1) {
      const socket = await openSocket(balancer);
      await subscribe(socket, topic);
      viaBalancer.push(socket);
    }

    const acknowledged: string[] = [];
    const failures: string[] = [];
    const servedBy = new Set<string>();
    let stop = false;
    const book = async () => {
      while (!stop) {
        try {
          const guest = await signInGuest(balancer);
          const res = await call<{ id: string }>(balancer, 'POST', '/api/reservations', {
            cookie: guest,
            idempotencyKey: randomUUID(),
            body: { restaurantId: id, date, startAt: '20:00', duration: 30, quantity: 1, pickup: true },
          });
          if (res.servedBy) servedBy.add(res.servedBy);
          if (res.status >= 200 && res.status < 300) acknowledged.push(res.body.id);
          else failures.push(`${res.status} ${JSON.stringify(res.body)}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const workers = Array.from({ length: 4 }, book);
    await waitFor('bookings through both instances', async () => (servedBy.size === 2 ? true : undefined));

    const before = acknowledged.length;
    a!.proc.child.kill('SIGTERM');
    const closes = viaBalancer.map((socket) =>
      Promise.race([socket.closed, a!.proc.exit.then(() => sleep(500)).then(() => null)]),
    );
    expect(await a!.proc.exit).toEqual({ code: 0, signal: null });
    // a little more traffic once it is gone, then stop
    const afterExit = acknowledged.length;
    await waitFor('bookings after the handover', async () =>
      acknowledged.length >= afterExit + 8 ? true : undefined,
    );
    stop = true;
    await Promise.all(workers);

    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(before);
    const stored = await query<{ id: string }>('SELECT id FROM reservations WHERE id = ANY($1::uuid[])', [
      acknowledged,
    ]);
    expect(stored).toHaveLength(acknowledged.length);
    expect(a!.proc.output()).toContain('draining: /readyz answers 503');

    // the sockets A held closed with 1012; like the web client, they come back through the
    // balancer (to B now) and hear the next change
    const codes = await Promise.all(closes);
    const closed = codes.filter((code) => code !== null);
    expect(closed.length).toBeGreaterThan(0);
    expect(closed.every((code) => code === LIVE_CLOSE.restart.code)).toBe(true);
    const listening = viaBalancer.filter((_, index) => codes[index] === null);
    for (let i = 0; i < closed.length; i += 1) {
      const socket = await openSocket(balancer);
      await subscribe(socket, topic);
      listening.push(socket);
    }
    const owner = await signIn(balancer, 'owner@comensal.test');
    const dish = (await menuItems(balancer, id))[0]!;
    const edited = await call(balancer, 'PATCH', `/api/staff/restaurants/${id}/products/${dish.id}`, {
      cookie: owner,
      body: { price: dish.price + 10 },
    });
    expect(edited.status).toBe(200);
    for (const socket of listening) await nextOn(socket, topic, (m) => m.event === MENU_CHANGED_EVENT);
  });
});
