import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.ts';

let dir: string;
const lockFile = () => path.join(dir, LOCK_FILE_NAME);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'comensal-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function startNodeProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { pid: child.pid!, stop: () => (child.kill('SIGKILL'), exited) };
}

describe('the DATA_DIR lock', () => {
  it('writes our pid and removes the file on release', async () => {
    const lock = await acquireDataDirLock(dir);
    expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a DATA_DIR held by a live process, with its pid', async () => {
    const other = startNodeProcess();
    try {
      await writeFile(lockFile(), `${other.pid}\n`);
      const attempt = acquireDataDirLock(dir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(`is in use by another Comensal server (pid ${other.pid})`);
    } finally {
      await other.stop();
    }
    // once that process is gone the lock is stale and is taken over
    const lock = await acquireDataDirLock(dir);
    expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
  });

  it('takes over a lock file with garbage in it', async () => {
    await writeFile(lockFile(), 'not a pid');
    const lock = await acquireDataDirLock(dir);
    expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(process.pid));
    await lock.release();
  });

  it('does not delete a lock that another process took over meanwhile', async () => {
    const lock = await acquireDataDirLock(dir);
    await writeFile(lockFile(), '999999999\n');
    await lock.release();
    expect(existsSync(lockFile())).toBe(true);
  });
});
