/**
 * The real process, as `npm start` runs it: embedded PostgreSQL in a temp DATA_DIR, demo seed,
 * one process per DATA_DIR, clean stop on SIGTERM/SIGINT, data reused on the next start.
 * Slow (two cluster starts), so everything process-level lives in this one file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { createTestDatabase } from './test/database.ts';
import { startTestS3Server, type TestS3Server } from './test/s3-server.ts';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let dataDir: string;
const running: ChildProcess[] = [];

function startServer(env: Record<string, string>, nodeArgs: string[] = []): Started {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, SERVER], {
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exit };
}

async function waitUntilReady(port: number, started: Started, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${started.output()}`);
}

async function restaurantCount(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/restaurants?limit=100`);
  return ((await res.json()) as { items: unknown[] }).items.length;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comensal-process-'));
  await chmod(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
});

afterAll(async () => {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('node src/server.ts', () => {
  it('refuses a bad configuration with one line per problem and exit code 1', async () => {
    const started = startServer({ DATA_DIR: dataDir, PORT: 'abc', LOG_LEVEL: 'loud' });
    expect((await started.exit).code).toBe(1);
    expect(started.output().trim().split('\n')).toEqual([
      'config: PORT must be an integer between 1 and 65535 (got "abc")',
      'config: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });

  it('refuses to run on Node < 22.12 with one clear line', async () => {
    const preload = path.join(dataDir, 'old-node.mjs');
    await writeFile(preload, "Object.defineProperty(process.versions, 'node', { value: '22.11.0' });\n");
    const started = startServer({ DATA_DIR: dataDir }, ['--import', preload]);
    expect((await started.exit).code).toBe(1);
    expect(started.output().trim()).toBe(
      'comensal: Node 22.12 or newer is required (this is 22.11.0); run it through npm (`npm start`), which uses the pinned Node 24.',
    );
    await rm(preload);
  });

  it('starts, refuses a second process on the same DATA_DIR, stops cleanly, and reuses its data', async () => {
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await waitUntilReady(port, first);
    expect(first.output()).toContain('demo data seeded');
    const seededCount = await restaurantCount(port);
    expect(seededCount).toBeGreaterThanOrEqual(12);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    const secondExit = await second.exit;
    expect(secondExit.code).not.toBe(0);
    expect(second.output()).toContain(`is in use by another Comensal server (pid ${first.child.pid})`);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200); // the first one is unharmed

    first.child.kill('SIGTERM');
    first.child.kill('SIGTERM'); // a second signal changes nothing
    expect(await first.exit).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'comensal.lock'))).toBe(false);

    const port2 = await freePort();
    const again = startServer({ DATA_DIR: dataDir, PORT: String(port2) });
    await waitUntilReady(port2, again);
    expect(again.output()).not.toContain('initialising embedded PostgreSQL');
    expect(again.output()).not.toContain('demo data seeded');
    expect(await restaurantCount(port2)).toBe(seededCount);
    again.child.kill('SIGINT');
    expect(await again.exit).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});

describe('node src/server.ts with S3_* set', () => {
  let s3: TestS3Server;
  let readOnly: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    readOnly = await startTestS3Server({ readOnly: true });
  });
  afterAll(async () => {
    await s3?.close();
    await readOnly?.close();
  });

  it.each([
    [
      'an endpoint where nothing listens',
      async () => ({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` }),
      /^comensal: cannot reach the S3 bucket "comensal-test" at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\); check S3_ENDPOINT$/,
    ],
    [
      'a bucket that refuses writes',
      async () => readOnly.env,
      /^comensal: the S3 bucket "comensal-test" at http:\/\/127\.0\.0\.1:\d+ refused a write \(AccessDenied\); give these credentials PutObject, GetObject and DeleteObject on it$/,
    ],
    [
      'a bucket that does not exist',
      async () => ({ ...s3.env, S3_BUCKET: 'missing' }),
      /^comensal: the S3 bucket "missing" at http:\/\/127\.0\.0\.1:\d+ does not exist; create it or check S3_BUCKET$/,
    ],
  ])(
    'refuses to start on %s: one line, exit code 1, nothing started',
    async (_name, s3Env, line) => {
      const started = startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(await s3Env()) });
      expect((await started.exit).code).toBe(1);
      expect(started.output().trim()).toMatch(line);
      expect(existsSync(path.join(dataDir, 'comensal.lock'))).toBe(false);
    },
    60_000,
  );

  it('starts on the bucket: the demo pictures go to files/ in it and are served from there', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const started = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: database.connectionString,
      AUTH_SECRET: 'process-test-secret-process-test-secret',
      ...s3.env,
    });
    try {
      await waitUntilReady(port, started);
      expect(started.output()).toContain('"msg":"files go to the S3 bucket"');
      const pictures = await s3.keys('files/restaurants/');
      expect(pictures.length).toBeGreaterThan(0);
      expect(await s3.keys('private/')).toEqual([]); // the probe cleaned up after itself

      const key = pictures[0]!.slice('files/'.length);
      const url = `http://127.0.0.1:${port}/files/${key.split('/').map(encodeURIComponent).join('/')}`;
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual((await s3.object(pictures[0]!))!.data);
      expect(existsSync(path.join(dataDir, 'files', ...key.split('/')))).toBe(false);

      started.child.kill('SIGTERM');
      expect(await started.exit).toEqual({ code: 0, signal: null });
    } finally {
      if (started.child.exitCode === null) started.child.kill('SIGKILL');
      await database.drop();
    }
  }, 120_000);
});
