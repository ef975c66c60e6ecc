/**
 * What the dev scripts share: how they fail, and the URL of the database of a running server
 * (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, default ./data).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Prints `<script>: message` and exits 1. */
export function failWith(script: string, message: string): never {
  console.error(`${script}: ${message}`);
  process.exit(1);
}

/** The embedded PostgreSQL of a DATA_DIR: port from postmaster.pid (4th line), password file. */
function embeddedUrl(script: string, dataDir: string): string {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!existsSync(pidFile))
    failWith(script, `no running embedded PostgreSQL in ${dataDir} (start the server, or set DATABASE_URL)`);
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) failWith(script, `cannot read the port from ${pidFile}`);
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/comensal`;
}

/** DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (default ./data). */
export function devDatabaseUrl(script: string): string {
  return process.env.DATABASE_URL || embeddedUrl(script, path.resolve(process.env.DATA_DIR || './data'));
}
