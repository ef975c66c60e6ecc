// The API under load: the real app (buildApp, embedded PostgreSQL in a temp folder, logger
// silent) with a 200-product menu and 10,000 generated restaurants, against a bare node:http
// server answering the same menu bytes from memory. autocannon, 50 connections, ~10 s each,
// loopback, one after the other. Prints req/s, p50, p99 and the budgets.
//
// The same URL over and over is what many visitors asking the same thing look like: it is served
// from the instance's answer cache (refreshed by the live events and every minute). The
// "new position each time" row misses that cache on every request, as diners' own positions do:
// it is made from the instance's nearby index and cached list items (nearby-index.ts).
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CONNECTIONS,
  describeMachine,
  DURATION,
  mark,
  measure,
  printTable,
  somewhere,
  startChild,
  type Figures,
} from './lib/harness.ts';
import type { BenchServerInfo } from './lib/bench-server.ts';

const P99_BUDGET_MS = 25;
const RATIO_BUDGET = 0.5;

console.info(
  `${describeMachine()}; autocannon ${CONNECTIONS} connections, ${DURATION} s per endpoint, loopback`,
);
const server = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '10000',
  '--menu-products',
  '200',
]);
const { url, restaurantId } = server.info;
const menuUrl = `${url}/api/restaurants/${restaurantId}/menu`;
const menuResponse = await fetch(menuUrl);
const menuBytes = Buffer.from(await menuResponse.arrayBuffer());
const file = path.join(os.tmpdir(), `comensal-bench-menu-${process.pid}.json`);
await writeFile(file, menuBytes);
const bare = await startChild<{ url: string }>('bench/lib/bare-server.ts', [file]);

const rows: Figures[] = [];
try {
  rows.push(await measure('menu   GET /api/restaurants/:id/menu', menuUrl));
  rows.push(await measure('list   GET /api/restaurants', `${url}/api/restaurants`));
  rows.push(
    await measure(
      'list   ?lat&lng&sort=distance (same place)',
      `${url}/api/restaurants?lat=-33.4378&lng=-70.6505&sort=distance`,
    ),
  );
  rows.push(
    await measure('list   ?lat&lng&sort=distance (new place)', url, {
      path: () => `/api/restaurants?${somewhere()}&sort=distance`,
    }),
  );
  rows.push(await measure('list   ?vegan=true', `${url}/api/restaurants?vegan=true`));
  rows.push(await measure('bare   node:http, same menu bytes', bare.info.url));
} finally {
  await bare.stop();
  await server.stop();
}

console.info(`\nmenu answer: ${(menuBytes.length / 1024).toFixed(0)} KiB, 10,000 restaurants in the list\n`);
printTable(rows);
const menu = rows[0]!;
const ceiling = rows.at(-1)!;
const ratio = menu.requestsPerSecond / ceiling.requestsPerSecond;
console.info('\nbudgets');
for (const row of rows.slice(0, -1)) {
  console.info(
    `  ${mark(row.p99 < P99_BUDGET_MS)} ${row.label.replace(/\s+/g, ' ')}: p99 ${row.p99.toFixed(1)} ms (budget < ${P99_BUDGET_MS} ms)`,
  );
}
console.info(
  `  ${mark(ratio >= RATIO_BUDGET)} menu / bare throughput: ${ratio.toFixed(2)} (budget ≥ ${RATIO_BUDGET})`,
);
const failures = rows.filter((row) => row.errors + row.non2xx > 0);
if (failures.length > 0)
  console.info(`\nnote: errors or non-2xx answers in ${failures.map((r) => r.label).join(', ')}`);
