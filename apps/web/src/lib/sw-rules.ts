/**
 * What the service worker (apps/web/sw/sw.ts) keeps for offline use, shared with the app that
 * reads its marks and empties its private cache (docs/product.md#offline-and-installing).
 * No DOM and no imports: the worker builds it too.
 */

/** The header the worker adds to an answer it took from its cache (value: the answer's `Date`). */
export const FROM_CACHE_HEADER = 'x-comensal-from-cache';

/** How long a read waits for the network before the kept answer is shown (a weak signal). */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** The message the page posts to a waiting worker so that it takes over (workbox-window's). */
export const SKIP_WAITING = 'SKIP_WAITING';

export const PUBLIC_CACHE = 'comensal-public-reads';
export const PRIVATE_CACHE = 'comensal-private-reads';
export const PICTURES_CACHE = 'comensal-pictures';
export const PICTURES_MAX = 150;
/** The build's scripts outside the app shell, kept the first time a page uses them. */
export const ASSETS_CACHE = 'comensal-assets';
export const ASSETS_MAX = 200;

const ID = '[A-Za-z0-9_-]+';
/** The restaurant pages' reads, the same for everyone: the list, a restaurant, its menu, a dish. */
const PUBLIC_READS = new RegExp(`^/api/restaurants(/${ID}(/menu(/${ID})?)?)?$`);
/**
 * The diner's own reads that ordering from the cart needs offline: who is signed in, and their
 * reservations (which one the cart is for). Nothing else private is kept.
 */
const PRIVATE_READS = /^\/api\/(auth\/get-session|reservations)$/;

/** A file of the build named by its content (`/assets/name-hash.js`): it never changes under a name. */
export const isBuildAsset = (pathname: string): boolean => /^\/assets\/[^/]+\.(m?js|css)$/.test(pathname);

/**
 * The build's files this page has already downloaded, as the page posts them to a new worker
 * (workbox-routing's `CACHE_URLS` message): the scripts of the first visit came before the worker
 * took the page, and are kept now rather than downloaded again when the connection is gone.
 */
export function loadedBuildAssets(entries: readonly { name: string }[], origin: string): string[] {
  const urls = new Set<string>();
  for (const { name } of entries) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin === origin && isBuildAsset(url.pathname)) urls.add(url.pathname);
  }
  return [...urls];
}

export const isPublicRead = (pathname: string): boolean => PUBLIC_READS.test(pathname);
export const isPrivateRead = (pathname: string): boolean => PRIVATE_READS.test(pathname);
