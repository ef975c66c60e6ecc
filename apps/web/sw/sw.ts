/**
 * The web app's service worker (docs/decisions/0026-offline-pwa.md; the caching rules are in
 * docs/product.md#offline-and-installing). Built by vite-plugin-pwa (`injectManifest`), which
 * fills `self.__WB_MANIFEST` with the build's files, and served by the API server as `/sw.js`
 * with `Cache-Control: no-cache`, scope `/`.
 *
 * - The app shell: the page, its CSS, both catalogs and the scripts of the diner's pages at the
 *   table (home, restaurant, menu, dish, the table's order; vite-pwa.ts SHELL_SOURCES) are
 *   precached; a page address (a navigation) gets the precached index.html, so the app opens
 *   without a connection. Every other script of the build is kept the first time it is used (cache
 *   first: its name changes with its content), and the page posts the ones it loaded before the
 *   worker took it (`CACHE_URLS`, src/lib/service-worker.ts).
 * - The public reads of the restaurant pages (restaurant, list, menu, dish): network first with a
 *   short timeout, else the last answer kept here, marked with {@link FROM_CACHE_HEADER}.
 * - The private reads ordering needs offline (the session check, the diner's reservations):
 *   the same, in a cache of their own that the app empties on sign-out and that keeps a day.
 * - Pictures (`/files/…`): cache first, at most {@link PICTURES_MAX} for 30 days.
 * - Nothing else: no write (POST, PUT, PATCH, DELETE) is ever cached or replayed here; the other
 *   reads go to the network as if there were no worker.
 * - Updates wait: a new version installs and waits until the page asks it to take over (the
 *   "new version — reload" prompt posts `SKIP_WAITING`), never in the middle of an order.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  ASSETS_MAX,
  FROM_CACHE_HEADER,
  isBuildAsset,
  isPrivateRead,
  isPublicRead,
  NETWORK_TIMEOUT_SECONDS,
  PICTURES_CACHE,
  PICTURES_MAX,
  PRIVATE_CACHE,
  PUBLIC_CACHE,
  SKIP_WAITING,
} from '../src/lib/sw-rules.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const DAY_SECONDS = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open page at once, so the reads of this first visit are kept too;
// a later version still waits for SKIP_WAITING (below) before it activates and claims anything.
clientsClaim();

// Page addresses of the app (not the API, uploaded files or the pages the server renders itself).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/files\//, /^\/webpayserver(\/|$)/, /^\/readyz$/],
  }),
);

/** Marks an answer taken from the cache (the app shows "possibly out of date"). */
const markFromCache = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response | undefined }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(FROM_CACHE_HEADER, cachedResponse.headers.get('date') ?? '1');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

/** A read of this origin whose path `matches`: network first, else the last answer kept (marked). */
function keepReads(
  matches: (pathname: string) => boolean,
  cacheName: string,
  maxEntries: number,
  days: number,
) {
  registerRoute(
    ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && matches(url.pathname),
    new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      matchOptions: { ignoreVary: true },
      plugins: [
        onlyOk,
        new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY_SECONDS, purgeOnQuotaError: true }),
        markFromCache,
      ],
    }),
  );
}

keepReads(isPublicRead, PUBLIC_CACHE, 200, 14);
keepReads(isPrivateRead, PRIVATE_CACHE, 10, 1);

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isBuildAsset(url.pathname),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      onlyOk,
      new ExpirationPlugin({
        maxEntries: ASSETS_MAX,
        maxAgeSeconds: 30 * DAY_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/files/'),
  new CacheFirst({
    cacheName: PICTURES_CACHE,
    plugins: [
      onlyOk,
      new ExpirationPlugin({
        maxEntries: PICTURES_MAX,
        maxAgeSeconds: 30 * DAY_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
