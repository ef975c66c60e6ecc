import { parse } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { chunkCycles } from '../../tools/chunk-cycles.ts';
import { pwaPlugins } from './vite-pwa.ts';

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
        if (!entry.isFile() || !/\.(m?js|css|html|svg|json|webmanifest)$/.test(entry.name)) continue;
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

/** Small modules several pages import (see `codeSplitting` below). */
const SHARED_MODULES = [
  /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](useQuery|useBaseQuery|useInfiniteQuery|queryOptions|infiniteQueryOptions|useMutation)\.js$/,
  /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](infiniteQueryObserver|mutationObserver|queryObserver|suspense)\.js$/,
  /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense)\.js$/,
  /[\\/]src[\\/]components[\\/]ui[\\/](icons|avatar|language-switcher|dietary-tag|filter-chip|skeleton)\.tsx$/,
  /[\\/]src[\\/]components[\\/]errors[\\/]error-state\.tsx$/,
  /[\\/]src[\\/]app[\\/]route-handle\.ts$/,
  // money on the menu, the dish, the cart, the order, the bill and the reservation form
  /[\\/]packages[\\/]domain[\\/]src[\\/]currency[\\/]format-money\.ts$/,
  /[\\/]src[\\/]lib[\\/](use-search-params-state|use-progressive-count)\.ts$/,
  /[\\/]src[\\/]features[\\/]restaurants[\\/]api[\\/](get-restaurant|list-restaurants)\.ts$/,
];

/**
 * The restaurant card and the list's state, which the home, search, profile and favourites pages
 * share, with the browser position the list is sorted by (lib/geolocation): the reservation
 * form's "Use my location" also needs the latter and loads it on the tap, so it stays in this
 * file rather than becoming a file of its own on the home page.
 */
const RESTAURANT_CARD_MODULES = [
  /[\\/]src[\\/]lib[\\/]geolocation\.ts$/,
  /[\\/]src[\\/]features[\\/]restaurants[\\/](restaurant-list-store|restaurant-display)\.ts$/,
  /[\\/]src[\\/]features[\\/]restaurants[\\/]components[\\/]restaurant-(card|cover|place)\.tsx$/,
  /[\\/]packages[\\/]domain[\\/]src[\\/]restaurants[\\/]categories\.ts$/,
];

/**
 * The small modules the diner pages' layout (app/routes/app/layout.tsx) needs beyond the entry:
 * the header's invitations badge and staff link, the live connection and the offline state, and
 * their error tables. Other screens import some of them too (so the automatic split made a file
 * of each, six requests of under 1 KB on every diner page). They go into the `reservations` file,
 * which the layout loads anyway (the invitations badge reads its query keys) and which imports
 * some of them back (the live refresh): one file, where two would import each other.
 */
const DINER_LAYOUT_MODULES = [
  /[\\/]src[\\/]features[\\/]auth[\\/]auth-errors\.ts$/,
  /[\\/]src[\\/]features[\\/]invitations[\\/](invitation-state|api[\\/]list-invitations)\.ts$/,
  /[\\/]src[\\/]features[\\/]staff[\\/](staff-errors|api[\\/]list-staff-restaurants)\.ts$/,
  /[\\/]src[\\/]lib[\\/](live|use-online)\.ts$/,
  /[\\/]src[\\/]components[\\/]ui[\\/]loading-block\.tsx$/,
];

/**
 * Small modules the menu, the dish page and the ordering code share (reading the menu and a dish,
 * the menu's live refresh, a dish's price, the way to the auth page): one file for the pages a
 * table's QR code opens, rather than six of under 3 KB each.
 */
const MENU_MODULES = [
  /[\\/]src[\\/]features[\\/]menu[\\/](api[\\/](get-menu|get-product)|use-live-menu|group-menu)\.ts$/,
  /[\\/]packages[\\/]domain[\\/]src[\\/]pricing[\\/]price-product\.ts$/,
  /[\\/]src[\\/]app[\\/]routes[\\/]use-sign-in-href\.ts$/,
];

/**
 * Small modules the reservation and invitation pages share (keys, hooks, error tables): one file
 * rather than one each, for the same reason as {@link SHARED_MODULES}. The diner layout's modules
 * join them ({@link DINER_LAYOUT_MODULES}), so every diner page loads this file.
 */
const RESERVATION_MODULES = [
  /[\\/]src[\\/]features[\\/]reservations[\\/](api[\\/](get-reservation|list-reservations)|reservation-errors)\.tsx?$/,
  /[\\/]src[\\/]lib[\\/](answer-invitation|api-errors|idempotency|after-paint)\.ts$/,
  // which of the diner's reservations a restaurant's menu orders for (app/routes/ordering.tsx)
  /[\\/]src[\\/]features[\\/]orders[\\/](order-target|ordering)\.ts$/,
  /[\\/]src[\\/]app[\\/]routes[\\/]ordering\.tsx$/,
  // the frame, the live refresh and the "missing ids" state of every reservation screen
  /[\\/]src[\\/]features[\\/]reservations[\\/]components[\\/](missing-ids|reservation-frame|load-error)\.tsx$/,
  /[\\/]src[\\/]features[\\/]reservations[\\/]use-live-reservation\.ts$/,
];

/**
 * Modules the entry holds that the ordering code (loaded later) also imports. Rolldown moves such
 * modules out of the entry into small files of their own (rolldown issue #10731), which every
 * first page would then download one by one; grouped, they are one file.
 */
const ENTRY_SHARED_MODULES = [
  /[\\/]packages[\\/]domain[\\/]src[\\/](errors|guest[\\/]guest-profile)\.ts$/,
  /[\\/]src[\\/]config[\\/]env\.ts$/,
  /[\\/]src[\\/]lib[\\/](api-fetch|early-requests|log|storage|search-params)\.ts$/,
  // Vite's helper that preloads a lazy module's imports (a virtual module)
  /vite[\\/]preload-helper/,
];

/** The early-requests script (index.html loads it by this path; the build names it by its content). */
const EARLY_SCRIPT_SOURCE = 'early-requests.js';
const EARLY_SCRIPT_TAG = `<script src="/${EARLY_SCRIPT_SOURCE}"></script>`;
/** Where the early-requests script keeps its table of early modules (an empty object and a marker comment). */
const EARLY_MODULES_PLACEHOLDER = /\{\}(;?)\s*\/\* EARLY_MODULES \*\//;

/** The pages people land on (and the catalogs), by the source modules they start with. */
const EARLY_MODULE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  home: ['src/app/routes/app/layout.tsx', 'src/app/routes/app/home.tsx'],
  profile: ['src/app/routes/app/layout.tsx', 'src/app/routes/restaurants/profile.tsx'],
  menu: ['src/app/routes/app/layout.tsx', 'src/app/routes/restaurants/menu.tsx'],
  // the diner's pages at the table and the reservation form (opened from a QR code or a link)
  reservation: ['src/app/routes/app/layout.tsx', 'src/app/routes/reservations/new.tsx'],
  order: ['src/app/routes/app/layout.tsx', 'src/app/routes/reservations/order.tsx'],
  bill: ['src/app/routes/app/layout.tsx', 'src/app/routes/reservations/confirmation.tsx'],
  'es-ES': ['src/locales/es-ES.json'],
  'en-US': ['src/locales/en-US.json'],
  product: ['src/app/routes/app/layout.tsx', 'src/app/routes/restaurants/product.tsx'],
};

/**
 * Builds the early-requests script (early-requests.js, a classic script index.html loads before
 * the app's module): fills its early-module table — for each landing page and catalog, the built
 * files it needs beyond what the entry already loads, so the script can preload them while the
 * entry downloads — and emits it as `assets/early-requests-<hash>.js`, which index.html then names.
 * A file rather than an inline script: the Content-Security-Policy allows no inline script.
 */
function earlyModules(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'comensal:early-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // after vite:build-html has written index.html into the bundle
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        /** `file` and every file it imports statically, into `into`. */
        const withImports = (file: string, into: Set<string>): Set<string> => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('early modules: the build has no entry chunk');
        const loadedByEntry = withImports(entry.fileName, new Set());
        const table = Object.fromEntries(
          Object.entries(EARLY_MODULE_SOURCES).map(([key, sources]) => {
            const files = new Set<string>();
            for (const source of sources) {
              const id = path.resolve(root, source);
              const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
              if (!chunk) throw new Error(`early modules: no chunk starts at ${source}`);
              withImports(chunk.fileName, files);
            }
            return [
              key,
              [...files].filter((file) => !loadedByEntry.has(file)).map((file) => `${base}${file}`),
            ];
          }),
        );
        const script = readFileSync(path.resolve(root, EARLY_SCRIPT_SOURCE), 'utf8');
        if (!EARLY_MODULES_PLACEHOLDER.test(script)) {
          throw new Error(
            `early modules: ${EARLY_SCRIPT_SOURCE} lost its placeholder ${EARLY_MODULES_PLACEHOLDER}`,
          );
        }
        const reference = this.emitFile({
          type: 'asset',
          name: EARLY_SCRIPT_SOURCE,
          source: script.replace(
            EARLY_MODULES_PLACEHOLDER,
            (_, semicolon: string) => `${JSON.stringify(table)}${semicolon}`,
          ),
        });
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || !String(html.source).includes(EARLY_SCRIPT_TAG)) {
          throw new Error(`early modules: index.html lost its ${EARLY_SCRIPT_TAG}`);
        }
        html.source = String(html.source).replace(
          EARLY_SCRIPT_TAG,
          `<script src="${base}${this.getFileName(reference)}"></script>`,
        );
      },
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

/**
 * Preact's React compatibility layer in place of react and react-dom in the production build
 * (docs/decisions/0035-preact-adopted.md): about 57 KB gzip less before the first paint. The dev
 * server (React Fast Refresh) and the unit tests (vitest.config.ts) stay on React; the e2e tests
 * run on the build. `WEB_RUNTIME=react` builds with React instead, to compare the two.
 */
function preactInBuild(): Plugin {
  return {
    name: 'comensal:preact-in-build',
    apply: 'build',
    config: () => (process.env.WEB_RUNTIME === 'react' ? {} : { resolve: { alias: PREACT_ALIASES } }),
  };
}

/**
 * React Router's package points every import at its development build, whose only difference
 * from the production build beside it is `ENABLE_DEV_WARNINGS = true` (warnings checked as the
 * router starts and renders). The build takes the production one; dev and tests keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = development.replace(/([\\/])development([\\/])index\.m?js$/, '$1production$2index.mjs');
  if (production === development) throw new Error(`react-router: unexpected entry ${development}`);
  return {
    name: 'comensal:react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

/**
 * Fails the build when chunks import each other (tools/chunk-cycles.ts): which one's code would
 * run first depends on the page opened first, and a module reading another's export at start-up
 * then breaks that page only.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'comensal:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      }
      const cycles = chunkCycles(imports);
      if (cycles.length > 0) {
        const message = `chunks import each other (group their modules into one file, see codeSplitting): ${cycles
          .map((cycle) => cycle.join(' ↔ '))
          .join('; ')}`;
        // printed as well: the PWA plugin's own error (no manifest after a failed build) is the one Vite shows
        console.error(message);
        this.error(message);
      }
    },
  };
}

/** Each React entry point and the preact/compat module that stands for it. */
const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/**
 * The server's build of the app (`vite build --ssr src/app/server-render.tsx`, run by
 * scripts/web-build.ts): the same sources, Preact and catalogs as the browser's, in one folder the
 * server imports without node_modules. The service worker's registration has no place there.
 */
function serverBuild(): Plugin {
  const stub = '\0comensal:no-service-worker';
  return {
    name: 'comensal:server-build',
    apply: (_config, { isSsrBuild }) => isSsrBuild === true,
    config: () => ({ ssr: { noExternal: true, target: 'node' }, build: { manifest: false } }),
    resolveId: (id) => (id === 'virtual:pwa-register' ? stub : null),
    load: (id) => (id === stub ? 'export function registerSW() { return () => Promise.resolve(); }' : null),
  };
}

/** The plugins only the browser's build has: its styles, files, service worker and checks. */
const browserOnly = (plugins: Plugin[]): Plugin[] =>
  plugins.map((plugin) => ({
    ...plugin,
    apply: (config, env) =>
      env.isSsrBuild !== true &&
      (typeof plugin.apply === 'function'
        ? plugin.apply(config, env)
        : !plugin.apply || plugin.apply === env.command),
  }));

export default defineConfig({
  plugins: [
    serverBuild(),
    precompileMessages(),
    preactInBuild(),
    reactRouterProductionBuild(),
    react(),
    ...browserOnly([
      ...tailwindcss(),
      earlyModules(),
      noChunkCycles(),
      // manifest, icons and service worker (vite-pwa.ts)
      ...pwaPlugins(),
      precompressBuild(),
    ]),
  ],
  resolve: {
    // `@/…` is `src/…` (tsconfig.json `paths`, the one place it is written; vitest reads it too).
    tsconfigPaths: true,
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
      // the server's Webpay sandbox card page (WEBPAY_ENV=sandbox), reached at PUBLIC_URL
      '/webpayserver': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: bench/bundle.bench.ts measures the initial JS of each route from it
    manifest: true,
    rolldownOptions: {
      output: {
        // The automatic split made a file of a few hundred bytes for each hook, icon set or small
        // component that two pages share; a landing page needed ~20 of them, each a request and
        // main-thread work on a phone. These go into one "shared" chunk instead (only the listed
        // modules, not their dependencies: what the entry already holds stays there).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'entry-shared',
              test: (id: string) => ENTRY_SHARED_MODULES.some((pattern) => pattern.test(id)),
            },
            { name: 'shared', test: (id: string) => SHARED_MODULES.some((pattern) => pattern.test(id)) },
            {
              name: 'restaurant-card',
              test: (id: string) => RESTAURANT_CARD_MODULES.some((pattern) => pattern.test(id)),
            },
            { name: 'menu-shared', test: (id: string) => MENU_MODULES.some((pattern) => pattern.test(id)) },
            {
              name: 'reservations',
              // with the layout's: each imports the other, and two files that import each
              // other would run in the order of the page opened first (noChunkCycles)
              test: (id: string) =>
                RESERVATION_MODULES.some((pattern) => pattern.test(id)) ||
                DINER_LAYOUT_MODULES.some((pattern) => pattern.test(id)),
            },
          ],
        },
      },
    },
  },
});
