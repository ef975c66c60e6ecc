// Several instances behind a balancer (docs/deploy.md): requests per second and p99 through
// Debian's HAProxy with one app instance and with two, on this machine, and the ratio.
// One embedded PostgreSQL with a 200-product menu and 10,000 restaurants (bench/lib/bench-server.ts,
// whose own app stays idle), two processes of the real server (`node apps/server/src/server.ts`,
// as `npm start` runs it) on that database, and two HAProxy front ends: one with instance a only,
// one with a and b. autocannon, 50 connections, ~10 s per row, loopback, one row after the other.
//
// Everything shares the machine's cores: the load generator, HAProxy, both instances and
// PostgreSQL. On 2 cores a second instance can only add what the first one left idle, so the
// ratio says how much of the machine one instance uses, not how far the app scales; the load
// average is printed before and after. Requires haproxy (`apt-get install haproxy`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { checkHaproxyConfig, findHaproxy, haproxyConfig } from '../apps/server/src/test/haproxy.ts';
import type { BenchServerInfo } from './lib/bench-server.ts';
import {
  CONNECTIONS,
  describeMachine,
  DURATION,
  measure,
  printTable,
  ROOT,
  somewhere,
  startChild,
  type Figures,
} from './lib/harness.ts';

const haproxy = findHaproxy();
console.info(`${describeMachine()}; autocannon ${CONNECTIONS} connections, ${DURATION} s per row, loopback`);

const dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-instances-bench-'));
await chmod(dir, 0o755);
const children: ChildProcess[] = [];
const data = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '10000',
  '--menu-products',
  '200',
]);

function spawnChild(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function waitReady(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rows: Figures[] = [];
try {
  const [oneFront, twoFront] = [await freePort(), await freePort()];
  const instances: { name: string; url: string }[] = [];
  const authSecret = randomBytes(32).toString('base64url');
  for (const name of ['a', 'b']) {
    const port = await freePort();
    spawnChild(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${twoFront}`,
      DATABASE_URL: data.info.databaseUrl,
      AUTH_SECRET: authSecret,
      DATA_DIR: path.join(dir, name),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
    });
    instances.push({ name, url: `http://127.0.0.1:${port}` });
  }
  for (const { url } of instances) await waitReady(url);
  for (const [port, servers] of [
    [oneFront, instances.slice(0, 1)],
    [twoFront, instances],
  ] as const) {
    const file = path.join(dir, `haproxy-${port}.cfg`);
    await writeFile(file, haproxyConfig(port, servers));
    checkHaproxyConfig(haproxy, file);
    spawnChild(haproxy, ['-db', '-f', file], process.env);
    await waitReady(`http://127.0.0.1:${port}`);
  }
  // both servers of the second front end in rotation (rise 2 × inter 500 ms)
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const one = `http://127.0.0.1:${oneFront}`;
  const two = `http://127.0.0.1:${twoFront}`;
  const menu = `/api/restaurants/${data.info.restaurantId}/menu`;
  const list = { path: () => `/api/restaurants?${somewhere()}&sort=distance` };
  rows.push(await measure('menu   one instance, direct', `${instances[0]!.url}${menu}`));
  rows.push(await measure('menu   HAProxy → 1 instance', `${one}${menu}`));
  rows.push(await measure('menu   HAProxy → 2 instances', `${two}${menu}`));
  rows.push(await measure('list   new place, HAProxy → 1 instance', one, list));
  rows.push(await measure('list   new place, HAProxy → 2 instances', two, list));
} finally {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : null,
    ),
  );
  await data.stop();
  await rm(dir, { recursive: true, force: true });
}

console.info('');
printTable(rows);
const [direct, menuOne, menuTwo, listOne, listTwo] = rows as [Figures, Figures, Figures, Figures, Figures];
const ratio = (two: Figures, one: Figures) => (two.requestsPerSecond / one.requestsPerSecond).toFixed(2);
console.info(
  `\ntwo instances ÷ one, through HAProxy: menu ${ratio(menuTwo, menuOne)}, list ${ratio(listTwo, listOne)}`,
);
console.info(`HAProxy ÷ direct, one instance (menu): ${ratio(menuOne, direct)}`);
console.info(`after: ${describeMachine()}`);
const failures = rows.filter((row) => row.errors + row.non2xx > 0);
if (failures.length > 0)
  console.info(`note: errors or non-2xx answers in ${failures.map((r) => r.label).join(', ')}`);
