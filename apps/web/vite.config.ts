import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  plugins: [precompileMessages(), react(), tailwindcss()],
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
  },
});
