// Starts the real server for the end-to-end run: a fresh DATA_DIR (embedded PostgreSQL,
// demo data seeded), the built SPA, loopback only. Signals are forwarded so PostgreSQL stops.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '3107';
// one folder per port, so runs on different ports (e2e, screenshots) never share a database
const dataDir = path.join(root, `e2e/.data-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, [path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
