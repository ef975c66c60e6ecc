// `npm run bench`: runs every bench/*.bench.ts one after the other (never in parallel, so they
// don't compete for the 2 cores) and lets each print its own figures. `npm run bench -- list`
// runs only the benchmarks whose file name contains "list".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const filter = process.argv[2] ?? '';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
if (files.length === 0) {
  console.error(`bench: no benchmark matches "${filter}"`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.info(`\n=== ${file} ===`);
  const run = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
