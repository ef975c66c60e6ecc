import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration (+ meta snapshot) after a change to
// src/db/schema.ts. `npm run db:generate:custom -- --name=<what>` writes an empty one for DDL
// that drizzle-kit cannot express (exclusion constraints, extensions).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
