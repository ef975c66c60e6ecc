// Start to ready: `npm start` spawned in this checkout until /readyz answers 200, on existing data
// (a DATA_DIR seeded by a first start that is not counted) with nothing changed since the last
// build. Several runs, each stopped with SIGTERM before the next. Prints the figures; never fails
// on them. BENCH_START_RUNS sets the number of runs (default 5).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeMachine, mark, ROOT } from './lib/harness.ts';

const BUDGET_MS = 3_000;
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const PORT = Number(process.env.BENCH_START_PORT ?? 3191);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'comensal-start-bench-'));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user, who must reach pg/

/** Resolves once no process of the group is left (npm exits before the server has stopped listening). */
async function groupGone(pgid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Spawns `npm start` (its own process group), waits for /readyz, stops it; the milliseconds to ready. */
async function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ready: number | undefined;
  try {
    while (ready === undefined) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).status === 200) ready = performance.now();
      } catch {
        // not listening yet
      }
      if (ready === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      if (performance.now() - started > 180_000) throw new Error('not ready after 3 minutes');
    }
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    await groupGone(child.pid!);
  }
  return ready - started;
}

console.info(describeMachine());
try {
  console.info(`first start (seeds the data, not counted): ${(await startOnce()).toFixed(0)} ms`);
  const times: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const ms = await startOnce();
    times.push(ms);
    console.info(`start ${run}: ${ms.toFixed(0)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.info(
    `\nstart to ready, nothing changed: median ${median.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)}), ` +
      `budget < ${BUDGET_MS} ms ${mark(median < BUDGET_MS)}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
