// The JavaScript a first visit downloads before the page can render, per route, gzip-compressed,
// from the Vite build manifest: the entry (index.html's script) with its static imports, plus the
// lazy route chunks the router loads for that URL (the main layout and the page) with theirs.
// Dynamic imports (other routes, the other language's catalog) are not counted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild, mark, WEB_DIST } from './lib/harness.ts';

const BUDGET_KB = 150;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(await ensureWebBuild(), 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('the manifest has no entry');

/** The chunk and everything it imports statically, transitively. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(WEB_DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const routes: { name: string; url: string; chunks: string[] }[] = [
  { name: 'home', url: '/', chunks: ['src/app/routes/app/layout.tsx', 'src/app/routes/app/home.tsx'] },
  {
    name: 'menu',
    url: '/restaurants/:id/menu',
    chunks: ['src/app/routes/app/layout.tsx', 'src/app/routes/restaurants/menu.tsx'],
  },
];

console.info(`manifest: ${path.relative(process.cwd(), path.join(WEB_DIST, '.vite/manifest.json'))}\n`);
const results: { name: string; total: number }[] = [];
for (const route of routes) {
  const keys = new Set<string>();
  staticClosure(entryKey, keys);
  for (const chunk of route.chunks) staticClosure(chunk, keys);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const sizes = files.map((file) => ({ file, gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip);
  const total = sizes.reduce((sum, item) => sum + item.gzip, 0);
  const css = [...keys].flatMap((key) => manifest[key]!.css ?? []);
  const cssTotal = [...new Set(css)].reduce((sum, file) => sum + gzipSize(file), 0);
  results.push({ name: route.name, total });
  console.info(
    `${route.name} (${route.url}): ${files.length} JS files, ${kb(total)} gzip (+ CSS ${kb(cssTotal)} gzip)`,
  );
  for (const { file, gzip } of sizes.slice(0, 6)) console.info(`    ${kb(gzip).padStart(9)}  ${file}`);
  if (sizes.length > 6) console.info(`    … ${sizes.length - 6} smaller files`);
}

console.info('\nbudgets');
for (const { name, total } of results) {
  console.info(
    `  ${mark(total <= BUDGET_KB * 1024)} ${name}: initial JS ${kb(total)} gzip (budget ≤ ${BUDGET_KB} KB)`,
  );
}
