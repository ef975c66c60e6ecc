// How long a menu change takes to reach the diners who have the menu open (issue "Discover":
// "within a second"). The real app (bench-server.ts: embedded PostgreSQL, 200-product menu) with
// 200 WebSockets subscribed to `restaurant:<id>:menu`, as 200 open menus. Each round changes the
// price through the server's own use case (updateProduct: one transaction, NOTIFY on commit), then
// times, from the start of the change:
//   - the `menu.changed` event reaching every one of the 200 sockets;
//   - one of them refetching the menu (as the web app does on the event) and reading the new price.
// Then the same through the staff console's endpoint (`PATCH /api/staff/restaurants/:id/products/
// :productId` as a signed-in owner over HTTP: authorisation, the change, its audit record and the
// NOTIFY in one transaction), timing the event on all 200 sockets and the staff's own answer.
// Prints p50 / p99 / max over the rounds; a measurement, never a timed test.
import { setTimeout as sleep } from 'node:timers/promises';
import { MENU_CHANGED_EVENT, menuTopic, type LiveServerMessage, type Menu } from '@comensal/contracts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { restaurantStaff } from '../apps/server/src/db/schema.ts';
import { createContext } from '../apps/server/src/lib/context.ts';
import { updateProduct } from '../apps/server/src/modules/restaurants/index.ts';
import type { BenchServerInfo } from './lib/bench-server.ts';
import { api, type Diner } from './lib/diner.ts';
import { describeMachine, startChild } from './lib/harness.ts';

const SOCKETS = 200;
const ROUNDS = 40;
const BUDGET_MS = 1000;

interface Subscriber {
  /** Resolves with the time the next menu.changed event arrived. */
  nextChange(): Promise<number>;
  close(): void;
}

async function subscribe(url: string, topic: string): Promise<Subscriber> {
  // a browser sends its page's Origin, which the server checks (Node's WebSocket takes headers)
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`, { headers: { origin: url } });
  let waiter: ((at: number) => void) | null = null;
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  socket.addEventListener('message', (event) => {
    const at = performance.now();
    const message = JSON.parse(String(event.data)) as LiveServerMessage;
    if ('op' in message && message.op === 'subscribed') subscribed();
    if ('event' in message && message.event === MENU_CHANGED_EVENT) {
      waiter?.(at);
      waiter = null;
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('the live socket did not open')), { once: true });
  });
  socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await ready;
  return {
    nextChange: () => new Promise<number>((resolve) => (waiter = resolve)),
    close: () => socket.close(),
  };
}

/** A new account, signed in (the owner of the bench's restaurant once the membership is written). */
async function signUpOwner(url: string): Promise<Diner> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `owner-${Date.now()}@bench.test`,
      name: 'Bench owner',
      password: 'bench-owner-password',
    }),
  });
  if (response.status !== 200)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  // the sign-up answers the same body for every address: the session says who we are
  const session = await fetch(`${url}/api/auth/get-session`, { headers: { origin: url, cookie } });
  const { user } = (await session.json()) as { user: { id: string } };
  return { cookie, userId: user.id };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function summary(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const figures = [0.5, 0.99].map((q) => quantile(sorted, q).toFixed(1));
  const ok = sorted.at(-1)! < BUDGET_MS ? '✓' : '✗';
  return `  ${ok} ${label.padEnd(44)} p50 ${figures[0]} ms  p99 ${figures[1]} ms  max ${sorted.at(-1)!.toFixed(1)} ms (budget < ${BUDGET_MS} ms)`;
}

console.info(`${describeMachine()}; ${SOCKETS} open menus (WebSockets), ${ROUNDS} price changes`);
const server = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '0',
  '--menu-products',
  '200',
]);
const { url, databaseUrl, restaurantId, productId } = server.info;
const database = createDatabase(databaseUrl, { max: 2 });
const subscribers: Subscriber[] = [];
try {
  for (let i = 0; i < SOCKETS; i++) subscribers.push(await subscribe(url, menuTopic(restaurantId)));
  const toAll: number[] = [];
  const toMenu: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const price = 10_000 + round;
    const arrivals = subscribers.map((subscriber) => subscriber.nextChange());
    const start = performance.now();
    await updateProduct(createContext({ db: database.db }), restaurantId, productId, {
      priceMinor: price,
    });
    await Promise.race(arrivals);
    const refetched = fetch(`${url}/api/restaurants/${restaurantId}/menu`).then(async (response) => {
      const menu = (await response.json()) as Menu;
      const shown = menu.items.find((item) => item.id === productId)?.price;
      if (shown !== price) throw new Error(`round ${round}: the menu shows ${shown}, not ${price}`);
      return performance.now();
    });
    toAll.push(Math.max(...(await Promise.all(arrivals))) - start);
    toMenu.push((await refetched) - start);
    await sleep(50);
  }
  console.info(summary(`event on all ${SOCKETS} open menus`, toAll));
  console.info(summary('menu refetched with the new price', toMenu));

  // the staff console: an owner edits the price over HTTP
  const owner = await signUpOwner(url);
  await database.db.insert(restaurantStaff).values({ restaurantId, userId: owner.userId, role: 'owner' });
  const staffToAll: number[] = [];
  const staffAnswer: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const price = 20_000 + round;
    const arrivals = subscribers.map((subscriber) => subscriber.nextChange());
    const start = performance.now();
    const answered = api<{ price: number }>(
      url,
      owner,
      'PATCH',
      `/api/staff/restaurants/${restaurantId}/products/${productId}`,
      { price },
    ).then((product) => {
      if (product.price !== price) throw new Error(`round ${round}: answered ${product.price}, not ${price}`);
      return performance.now();
    });
    staffToAll.push(Math.max(...(await Promise.all(arrivals))) - start);
    staffAnswer.push((await answered) - start);
    await sleep(50);
  }
  console.info(summary(`staff price edit: event on all ${SOCKETS} menus`, staffToAll));
  console.info(summary('staff price edit: the answer to the owner', staffAnswer));
} finally {
  for (const subscriber of subscribers) subscriber.close();
  await database.close();
  await server.stop();
}
