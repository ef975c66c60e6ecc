// Shared by the benchmarks: child servers, autocannon runs, and printing figures next to budgets.
// Benchmarks PRINT; they never fail on a figure.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon, { type Result } from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** Seconds per autocannon run (BENCH_DURATION overrides, e.g. 3 for a quick look). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
/** Connections per autocannon run (BENCH_CONNECTIONS overrides, e.g. 10 on a shared machine). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** One line of context: figures from a busy machine are not comparable. */
export function describeMachine(): string {
  const [load1] = os.loadavg();
  return `${os.cpus().length} CPUs, load average ${load1!.toFixed(2)}, Node ${process.version}`;
}

/**
 * Waits (at most `maxMs`) until the machine's one-minute load average is below `below`: the
 * benchmark before this one (`npm run bench` runs them in turn) may still be winding down, and
 * timings by the wall clock (Lighthouse's) suffer from it. Returns how long it waited.
 */
export async function waitForQuiet(below: number, maxMs: number): Promise<number> {
  const start = Date.now();
  while (os.loadavg()[0]! >= below && Date.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return Date.now() - start;
}

/**
 * Lowers the CPU priority (nice 10) of a process and of every process it started, where the
 * system shows them (Linux's /proc); elsewhere only the process's own.
 */
export function lowerPriority(pid: number): void {
  const children = (id: number): number[] => {
    try {
      return readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const all = new Set<number>();
  const visit = (id: number) => {
    if (all.has(id)) return;
    all.add(id);
    children(id).forEach(visit);
  };
  visit(pid);
  for (const each of all) {
    try {
      os.setPriority(each, os.constants.priority.PRIORITY_BELOW_NORMAL);
    } catch {
      // gone already, or not ours to change
    }
  }
}

export interface Child<T> {
  info: T;
  /** The child's process id. */
  pid: number;
  /** The child's resident memory in MB now (VmRSS from /proc), null where /proc is absent. */
  residentMegabytes(): number | null;
  /** The CPU time the child has used so far in seconds (user + system, /proc), or null. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** Starts `node <script> …args` and waits for its `READY {json}` line. */
export function startChild<T>(script: string, args: string[] = []): Promise<Child<T>> {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the servers
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(ROOT, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('READY ')) return;
      resolve({
        info: JSON.parse(line.slice('READY '.length)) as T,
        pid: child.pid!,
        cpuSeconds() {
          try {
            // fields 14 and 15 (utime, stime) after the command name, in clock ticks (100 a second)
            const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
            return (Number(fields[11]) + Number(fields[12])) / 100;
          } catch {
            return null;
          }
        },
        residentMegabytes() {
          try {
            const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
            const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
            return kb === undefined ? null : Number(kb) / 1024;
          } catch {
            return null;
          }
        },
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

export interface Figures {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The machine's 1-minute load average at the end of the run. */
  load: number;
  /**
   * CPU time the server used per request (ms), with `MeasureOptions.serverCpu`: what a request
   * costs whatever the machine's load (the server's own process only, not PostgreSQL's).
   */
  serverCpuMsPerRequest: number | null;
}

export interface MeasureOptions {
  headers?: Record<string, string>;
  /** A new path for every request (e.g. to miss every cache). */
  path?: () => string;
  /** The server's CPU seconds so far (Child.cpuSeconds), to report its CPU per request. */
  serverCpu?: () => number | null;
  /** Connections at once (default CONNECTIONS). */
  connections?: number;
}

/** A short warm-up, then CONNECTIONS (or `options.connections`) connections for DURATION seconds. */
export async function measure(label: string, url: string, options: MeasureOptions = {}) {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections ?? CONNECTIONS,
      duration,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.path
        ? { requests: [{ setupRequest: (request) => ({ ...request, path: options.path!() }) }] }
        : {}),
    });
  await run(Math.min(2, DURATION));
  const cpuBefore = options.serverCpu?.() ?? null;
  const result: Result = await run(DURATION);
  const cpuAfter = options.serverCpu?.() ?? null;
  const figures: Figures = {
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load: os.loadavg()[0]!,
    serverCpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
  return figures;
}

export const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** `lat=…&lng=…` somewhere in Santiago, to the metre: practically never the same twice. */
export const somewhere = () =>
  `lat=${(-33.75 + randomInt(600_000) / 1_000_000).toFixed(6)}&lng=${(-70.95 + randomInt(600_000) / 1_000_000).toFixed(6)}`;

export function printTable(rows: Figures[]): void {
  console.info(
    `${'endpoint'.padEnd(44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  errors`,
  );
  for (const row of rows) {
    console.info(
      `${row.label.padEnd(44)} ${row.requestsPerSecond.toFixed(0).padStart(9)} ${row.p50.toFixed(1).padStart(8)} ${row.p99
        .toFixed(1)
        .padStart(8)}  ${row.errors + row.non2xx}`,
    );
  }
}

/**
 * The built SPA: BENCH_WEB_DIST, or apps/web/dist (a link to the current build). The default is
 * brought up to date first by the build script, which builds only when the web sources changed
 * (scripts/web-build.ts); BENCH_WEB_DIST is built (`vite build --outDir <dir>`) when it has no
 * manifest yet.
 */
export const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));

export async function ensureWebBuild(): Promise<string> {
  const manifest = path.join(WEB_DIST, '.vite/manifest.json');
  const defaultDist = process.env.BENCH_WEB_DIST === undefined;
  if (!defaultDist && existsSync(manifest)) return manifest;
  const [script, args] = defaultDist
    ? [path.join(ROOT, 'scripts/web-build.ts'), []]
    : [path.join(ROOT, 'node_modules/vite/bin/vite.js'), ['build', '--outDir', WEB_DIST, '--emptyOutDir']];
  if (!defaultDist) console.info(`(building the web app into ${WEB_DIST}: it has no manifest yet)`);
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, [script, ...args], {
      cwd: path.join(ROOT, 'apps/web'),
      stdio: 'inherit',
    });
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed (${code})`))));
  });
  return manifest;
}
