import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // `@/…` is `src/…`, as tsconfig.json's `paths` says.
  resolve: { tsconfigPaths: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    // One jsdom per worker instead of one per file (each file still runs in a context of its
    // own, so module state and vi.mock stay per file): creating jsdom was 40 % of the run.
    pool: 'vmThreads',
    // VM contexts leak a little memory per file; a worker past this restarts before the next file.
    vmMemoryLimit: '1GiB',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // A limit for a test that hangs, not a measure of speed: on a busy machine a whole flow
    // (render, several answers, navigation) may take seconds. Waits inside a test give up first
    // (setup.ts), so a failure says what it was waiting for.
    testTimeout: 30_000,
  },
});
