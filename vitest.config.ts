import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: `--project` picks a subset (see package.json scripts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          passWithNoTests: true,
        },
      },
      { test: { name: 'tools', root: './tools', include: ['**/*.test.ts'] } },
      { test: { name: 'scripts', root: './scripts', include: ['*.test.ts'] } },
      { test: { name: 'bench', root: './bench', include: ['lib/*.test.ts'] } },
      './apps/web',
      './apps/server',
    ],
  },
});
