// The server-written first screen (docs/decisions/0039-server-written-first-screen.md) under load:
// the real server with the built web app (and its server bundle) and a 200-dish menu, asked for
// the menu page and a dish's page as a visitor without a session would (Accept-Language es,
// brotli), a visitor with a session cookie (the page drawn for them on every request, never
// kept) and index.html as built (a page the server does not write, `/staff`). autocannon, 50
// connections, loopback, one after the other: the same address again and again (the server
// keeps a written page 5 s) and a new address every time (drawn on every request). Prints req/s,
// p50, p99, the server's CPU time per page and the page's size; the issue sets no budget for
// these, they are the cost written in the ADR.
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { DRAWINGS_AT_ONCE } from '../apps/server/src/plugins/first-screen.ts';
import type { BenchServerInfo } from './lib/bench-server.ts';
import {
  CONNECTIONS,
  describeMachine,
  DURATION,
  ensureWebBuild,
  measure,
  printTable,
  startChild,
  WEB_DIST,
  type Figures,
} from './lib/harness.ts';

console.info(`${describeMachine()}; autocannon ${CONNECTIONS} connections, ${DURATION} s per page, loopback`);
await ensureWebBuild();
const server = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '0',
  '--menu-products',
  '200',
  '--web-dist',
  WEB_DIST,
]);
const { url, restaurantId } = server.info;
const menu = (await (await fetch(`${url}/api/restaurants/${restaurantId}/menu`)).json()) as {
  items: { id: string }[];
};
const visitor = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'es-CL,es;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};
// a cookie of the session's name: the page is drawn for that visitor on every request (their own,
// never kept), at most DRAWINGS_AT_ONCE at once, the rest get index.html as built
const withSession = { ...visitor, cookie: 'better-auth.session_token=bench' };
// a page the server does not write: index.html as built
const unwrittenPage = `${url}/staff`;
const menuPage = `${url}/restaurants/${restaurantId}/menu`;
const dishPage = `${url}/restaurants/${restaurantId}/articles/${menu.items[0]!.id}`;

/** The page's size as sent (node:http: fetch would decompress it) and as read, and whether the server wrote it. */
function sizeOf(page: string, headers: Record<string, string>) {
  return new Promise<{ sent: number; html: number; written: boolean }>((resolve, reject) => {
    get(page, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const sent = Buffer.concat(chunks);
        const br = response.headers['content-encoding'] === 'br';
        const html = (br ? brotliDecompressSync(sent) : sent).toString('utf8');
        resolve({ sent: sent.length, html: html.length, written: html.includes('id="server-state"') });
      });
    }).on('error', reject);
  });
}

const rows: Figures[] = [];
const sizes: string[] = [];
try {
  const serverCpu = () => server.cpuSeconds();
  // A query the page ignores makes a new address: the server draws the page on every request. At
  // most DRAWINGS_AT_ONCE are drawn at once (the rest get index.html), so that row runs with that
  // many connections: every request then gets a written page.
  const everyTime = () => `${new URL(menuPage).pathname}?visit=${randomUUID()}`;
  for (const [label, page, headers, path] of [
    ['menu page, 200 dishes, written (kept 5 s)', menuPage, visitor, undefined],
    [`menu page, 200 dishes, drawn each time (${DRAWINGS_AT_ONCE} c.)`, menuPage, visitor, everyTime],
    ['dish page, written (kept 5 s)', dishPage, visitor, undefined],
    ['menu page, with a session cookie (drawn per visitor)', menuPage, withSession, undefined],
    ['index.html as built (/staff)', unwrittenPage, visitor, undefined],
  ] as const) {
    const size = await sizeOf(page, headers);
    if (size.written !== (page !== unwrittenPage)) {
      throw new Error(`${label}: the server ${size.written ? 'wrote' : 'did not write'} the page`);
    }
    sizes.push(
      `${label}: ${(size.sent / 1024).toFixed(1)} KiB sent (${(size.html / 1024).toFixed(1)} KiB of HTML)`,
    );
    rows.push(
      await measure(label, page, {
        headers,
        serverCpu,
        ...(path ? { path, connections: DRAWINGS_AT_ONCE } : {}),
      }),
    );
  }
} finally {
  await server.stop();
}

console.info('');
printTable(rows);
console.info('');
for (const line of sizes) console.info(line);
console.info('\nthe server CPU per page (all cores, ms): what a cold visit costs the server');
for (const row of rows) {
  console.info(`  ${row.label}: ${row.serverCpuMsPerRequest?.toFixed(2) ?? 'n/a'} ms`);
}
