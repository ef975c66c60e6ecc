/**
 * The installable, offline app (docs/decisions/0026-offline-pwa.md): the web app manifest, its
 * icons and the service worker, through vite-plugin-pwa (Workbox). The worker's source is
 * sw/sw.ts (`injectManifest`: the plugin builds it and fills in the list of the build's files);
 * the app registers it itself, after the page has loaded (src/lib/service-worker.ts), and asks
 * before a new version takes over (`registerType: 'prompt'`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const BRAND = '#a8361a';
const CREAM = '#fdf8f3';

/** The brand mark's drawing (public/favicon.svg, index.html's splash) on a 64 × 64 grid. */
const MARK = `
  <circle cx="32" cy="34" r="17" fill="none" stroke="#fdf6ee" stroke-width="3.5"/>
  <circle cx="32" cy="34" r="10" fill="#f4b860"/>
  <path d="M12 12v13a4 4 0 0 0 4 4v23" fill="none" stroke="#fdf6ee" stroke-width="3" stroke-linecap="round"/>
  <path d="M16 12v11M20 12v13a4 4 0 0 1-4 4" fill="none" stroke="#fdf6ee" stroke-width="3" stroke-linecap="round"/>
  <path d="M51 52V12c-4 3-6 9-6 16 0 4 2 6 6 6" fill="none" stroke="#fdf6ee" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The icon as the favicon draws it: a rounded square, transparent corners. */
const ROUNDED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${MARK}</svg>`;
/**
 * The "maskable" icon: the brand colour to every edge and the drawing shrunk into the middle,
 * inside the circle of 80 % of the width that every launcher's mask keeps.
 */
const FULL_BLEED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${MARK}</g></svg>`;

const ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, svg: ROUNDED_SVG },
  { fileName: 'icons/icon-512.png', size: 512, svg: ROUNDED_SVG },
  { fileName: 'icons/icon-maskable-512.png', size: 512, svg: FULL_BLEED_SVG },
  // iOS rounds the corners itself and ignores the manifest's icons
  { fileName: 'icons/apple-touch-icon.png', size: 180, svg: FULL_BLEED_SVG },
] as const;

/**
 * Draws the PNG icons from the brand mark at build time (sharp, which renders SVG with librsvg),
 * so the repository holds no binary copy of a picture it already has as text.
 */
function pwaIcons(): Plugin {
  return {
    name: 'comensal:pwa-icons',
    apply: 'build',
    async generateBundle() {
      for (const icon of ICONS) {
        const source = await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.fileName, source });
      }
    },
  };
}

/**
 * The app shell the worker downloads when it installs (docs/decisions/0033-web-performance.md):
 * the pages a diner at the table needs without a connection, by the source modules they start
 * with (each with the modules it imports statically). Every other script of the build (the staff
 * console, sign-in, the reservation flow, dialogs) is kept the first time the page uses it
 * (sw/sw.ts, cache first by its hashed name), so installing costs a phone a few files instead of
 * the whole build.
 */
const SHELL_SOURCES: readonly RegExp[] = [
  /^index\.html$/,
  /^src\/locales\/[a-z]{2}-[A-Z]{2}\.json$/,
  /^src\/app\/routes\/app\/(layout|home|not-found)\.tsx$/,
  /^src\/app\/routes\/restaurants\/(profile|menu|product)\.tsx$/,
  /^src\/app\/routes\/reservations\/order\.tsx$/,
  /^src\/app\/routes\/ordering-state\.tsx$/,
  /^src\/features\/orders\/(components\/(quick-add|cart-bar|order-for)\.tsx|order-outbox\.ts)$/,
  /^src\/features\/table-join\/components\/table-link-card\.tsx$/,
  // the toasts (lib/toast.tsx loads sonner on the first one: "sent when online")
  /\/node_modules\/sonner\//,
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The built files of the app shell: every file that is not a script (the page, the CSS, the
 * manifest and icons), the scripts index.html names, and the scripts of {@link SHELL_SOURCES}
 * with their static imports, read from the build's manifest (`build.manifest`).
 */
export function appShellFiles(outDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of Object.keys(manifest)) if (SHELL_SOURCES.some((source) => source.test(key))) add(key);
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  for (const [, file] of html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)) files.add(file!);
  return files;
}

export function pwaPlugins(): Plugin[] {
  let outDir = '';
  return [
    pwaIcons(),
    {
      name: 'comensal:pwa-out-dir',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // src/lib/service-worker.ts registers it once the page has loaded
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Comensal',
        short_name: 'Comensal',
        description:
          'Comensal: restaurantes, cartas, reservas y pagos en la mesa · restaurants, menus, reservations and paying at the table.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: BRAND,
        background_color: CREAM,
        categories: ['food', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // the icons are emitted by pwaIcons (already in the list of the build's files)
      includeManifestIcons: false,
      injectManifest: {
        // the files of the build (not source maps, the precompressed copies or pdf.js's worker, a
        // `.mjs`), then only the app shell's scripts among them (appShellFiles)
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/node_modules/**', 'sw.js'],
        manifestTransforms: [
          (entries) => {
            const shell = appShellFiles(outDir);
            return {
              manifest: entries.filter((entry) => !entry.url.endsWith('.js') || shell.has(entry.url)),
              warnings: [],
            };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ];
}
