// How fast a dish ordered at a table reaches the other diners' screens (issue "Order together").
// The real app (bench-server.ts: embedded PostgreSQL, a 200-product menu) with 100 tables of 8
// diners (guest sessions), each diner holding a WebSocket subscribed to their reservation's topic
// `reservation:<id>`. At every table one diner orders a dish through the HTTP API, again and
// again (every ORDER_INTERVAL_MS, jittered; all tables at once), and each order is timed from the
// start of its POST to the `order.created` event carrying its id reaching each of the 7 other
// diners' sockets. Prints p50 / p95 / p99 / max of those arrivals, the POST's own time, and the
// events lost (not arrived LOSS_WAIT_MS after the last order); budget p99 < 100 ms, 0 lost.
// A measurement, never a timed test. BENCH_ORDER_ROUNDS and BENCH_ORDER_INTERVAL_MS adjust it.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ORDER_EVENTS,
  reservationTopic,
  type LiveServerMessage,
  type Menu,
  type Order,
  type OrderEventData,
  type Reservation,
} from '@comensal/contracts';
import pg from 'pg';
import type { BenchServerInfo } from './lib/bench-server.ts';
import { api, dateIn, figures, quantile, signInGuest, type Diner } from './lib/diner.ts';
import { describeMachine, mark, startChild } from './lib/harness.ts';

const TABLES = 100;
const DINERS_PER_TABLE = 8;
const ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 20);
const ORDER_INTERVAL_MS = Number(process.env.BENCH_ORDER_INTERVAL_MS ?? 1_000);
const LOSS_WAIT_MS = 5_000;
const P99_BUDGET_MS = 100;

interface Table {
  reservationId: string;
  diners: Diner[];
}

/** orderId → socket index → arrival time (performance.now()). */
const arrivals = new Map<string, Map<number, number>>();

/** A socket subscribed to the reservation's topic; records when each order's event arrives. */
async function subscribe(url: string, diner: Diner, topic: string, socketIndex: number): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/live`, {
    headers: { origin: url, cookie: diner.cookie },
  });
  let subscribed!: () => void;
  let refused!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    subscribed = resolve;
    refused = reject;
  });
  socket.addEventListener('message', (event) => {
    const at = performance.now();
    const message = JSON.parse(String(event.data)) as LiveServerMessage;
    if ('op' in message) {
      if (message.op === 'subscribed') subscribed();
      if (message.op === 'error') refused(new Error(`subscribe refused: ${message.code}`));
      return;
    }
    if (message.event !== ORDER_EVENTS.created) return;
    for (const orderId of (message.data as OrderEventData).orderIds) {
      let seen = arrivals.get(orderId);
      if (!seen) arrivals.set(orderId, (seen = new Map()));
      seen.set(socketIndex, at);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('the live socket did not open')), { once: true });
  });
  socket.send(JSON.stringify({ op: 'subscribe', topic }));
  await ready;
  return socket;
}

console.info(
  `${describeMachine()}; ${TABLES} tables × ${DINERS_PER_TABLE} diners with a socket each, ` +
    `one orderer per table, ${ROUNDS} orders each, every ~${ORDER_INTERVAL_MS} ms`,
);
const server = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '0',
  '--menu-products',
  '200',
  '--sign-ins-per-ip',
  String(TABLES * DINERS_PER_TABLE + 100),
]);
const { url, databaseUrl, restaurantId } = server.info;
const database = new pg.Client({ connectionString: databaseUrl });
await database.connect();
const sockets: WebSocket[] = [];
try {
  const menu = (await (await fetch(`${url}/api/restaurants/${restaurantId}/menu`)).json()) as Menu;
  const dish = menu.items.find((item) => !item.choiceRequired);
  if (!dish) throw new Error('the bench menu has no dish without a choice to make');

  // 100 tables: the first diner books (a table-less reservation tomorrow: a pre-order), the
  // others join it as an accepted invitation would
  const date = dateIn('America/Santiago', 1);
  const tables: Table[] = [];
  for (let index = 0; index < TABLES; index += 1) {
    const diners: Diner[] = [];
    for (let seat = 0; seat < DINERS_PER_TABLE; seat += 1) diners.push(await signInGuest(url));
    const reservation = await api<Reservation>(url, diners[0]!, 'POST', '/api/reservations', {
      restaurantId,
      date,
      startAt: `${String(10 + (index % 8)).padStart(2, '0')}:00`,
      duration: 60,
      quantity: DINERS_PER_TABLE,
    });
    await database.query(
      'INSERT INTO reservation_members (reservation_id, user_id) SELECT $1, unnest($2::uuid[])',
      [reservation.id, diners.slice(1).map((diner) => diner.userId)],
    );
    tables.push({ reservationId: reservation.id, diners });
  }
  let socketIndex = 0;
  const socketsOf = new Map<Table, number[]>();
  for (const table of tables) {
    const indexes: number[] = [];
    for (const diner of table.diners) {
      sockets.push(await subscribe(url, diner, reservationTopic(table.reservationId), socketIndex));
      indexes.push(socketIndex);
      socketIndex += 1;
    }
    socketsOf.set(table, indexes);
  }
  console.info(`  ${sockets.length} sockets subscribed; ordering…`);

  /** orderId → [start of its POST, the sockets that must hear it]. */
  const sent = new Map<string, { start: number; listeners: number[] }>();
  const postTimes: number[] = [];
  const started = performance.now();
  await Promise.all(
    tables.map(async (table) => {
      const [orderer] = table.diners;
      const listeners = socketsOf.get(table)!.slice(1);
      // spread the tables' first orders over one interval
      await sleep(Math.random() * ORDER_INTERVAL_MS);
      for (let round = 0; round < ROUNDS; round += 1) {
        const start = performance.now();
        const order = await api<Order>(
          url,
          orderer!,
          'POST',
          `/api/reservations/${table.reservationId}/orders`,
          {
            productId: dish.id,
            quantity: 1,
          },
        );
        postTimes.push(performance.now() - start);
        sent.set(order.id, { start, listeners });
        await sleep(ORDER_INTERVAL_MS * (0.5 + Math.random()));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  await sleep(LOSS_WAIT_MS);

  const latencies: number[] = [];
  let lost = 0;
  for (const [orderId, { start, listeners }] of sent) {
    const seen = arrivals.get(orderId);
    for (const listener of listeners) {
      const at = seen?.get(listener);
      if (at === undefined) lost += 1;
      else latencies.push(at - start);
    }
  }
  const expected = sent.size * (DINERS_PER_TABLE - 1);
  const p99 = quantile(
    [...latencies].sort((a, b) => a - b),
    0.99,
  );
  console.info(
    `  ${sent.size} orders in ${elapsed.toFixed(1)} s (${(sent.size / elapsed).toFixed(0)} orders/s)`,
  );
  console.info(`  POST …/orders answered          ${figures(postTimes)}`);
  console.info(
    `  ${mark(p99 < P99_BUDGET_MS)} event at the 7 other diners   ${figures(latencies)} (budget p99 < ${P99_BUDGET_MS} ms)`,
  );
  console.info(`  ${mark(lost === 0)} events lost                   ${lost} of ${expected} (budget 0)`);
} finally {
  for (const socket of sockets) socket.close();
  await database.end();
  await server.stop();
}
