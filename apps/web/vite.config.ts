import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside every compressible build file, so the server (@fastify/static
 * with `preCompressed`) sends them without compressing on each request.
 */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'comensal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true });
      for (const entry of files) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|webmanifest)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const API_TARGET = 'http://127.0.0.1:3000';
const CATALOG_RE = /\/src\/locales\/[a-z]{2}-[A-Z]{2}\.json$/;

/**
 * Ships the message catalogs pre-parsed (ICU AST) so the browser bundle can leave out the
 * ICU parser (aliased to its `no-parser` build below). A malformed message fails the build.
 */
function precompileMessages(): Plugin {
  return {
    name: 'comensal:precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_RE.test(id)) return null;
      const catalog = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(catalog).map(([key, message]) => [key, parse(message, { ignoreTag: false })]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig({
  plugins: [precompileMessages(), react(), tailwindcss(), precompressBuild()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // `ws: true` also forwards the WebSocket upgrade of /api/live.
      '/api': { target: API_TARGET, changeOrigin: false, ws: true },
      '/files': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: bench/bundle.bench.ts measures the initial JS of each route from it
    manifest: true,
  },
});
