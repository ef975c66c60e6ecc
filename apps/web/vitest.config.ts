import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
    // Route tests render the real router, which loads lazy route chunks and a catalog: on CI's two
    // busy cores that can pass Vitest's 5 s default. This is a hang guard, not a speed check.
    testTimeout: 20_000,
  },
});
