import { readFileSync, unlinkSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE_NAME = 'comensal.lock';

export class DataDirLockedError extends Error {
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Comensal server (pid ${pid}). ` +
        'Stop that process first, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
    this.pid = pid;
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, a recycled pid that now runs something other than Node does not hold the lock. */
function looksLikeNode(pid: number): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node/i.test(cmdline);
  } catch {
    return true; // no /proc (macOS) or no access: trust the liveness check
  }
}

async function readPid(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes `dataDir/comensal.lock` holding this process's pid, so a second server on the same
 * DATA_DIR is refused with {@link DataDirLockedError}. A lock left by a dead process is taken
 * over. The file is removed on release and, as a last resort, when the process exits.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o644);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      const onExit = () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', onExit);
      let released = false;
      return {
        file,
        async release() {
          if (released) return;
          released = true;
          process.removeListener('exit', onExit);
          if ((await readPid(file)) === process.pid) await unlink(file).catch(() => undefined);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readPid(file);
    if (holder !== null && holder !== process.pid && isAlive(holder) && looksLikeNode(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    // Stale (dead pid, garbage, or our own leftover): take it over.
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw new Error(`could not take the lock ${file}: another process keeps recreating it`);
}
