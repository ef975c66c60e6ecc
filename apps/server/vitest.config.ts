import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL), a migrated template
// database, and a fresh copy of it per test file (src/test/database.ts). Test helpers live in
// src/test/ (app, sessions, live sockets, outbox, logs).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: [fileURLToPath(new URL('./src/test/global-setup.ts', import.meta.url))],
    // an unexpected error log fails the test (src/test/logs.ts)
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    // Files run in parallel, each on its own database; two workers suit a 2-core machine and
    // keep PostgreSQL (which shares those cores) responsive.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
  },
});
