/// <reference types="vite-plugin-pwa/vanillajs" />
import type { RegisterSWOptions } from 'virtual:pwa-register';
import { afterLoadWhenIdle } from './after-load';
import { createFlagStore } from './flag-store';
import { logFailure } from './log';
import { localStore, STORAGE_KEYS } from './storage';
import { loadedBuildAssets } from './sw-rules';

/**
 * The service worker (apps/web/sw/sw.ts, docs/decisions/0026-offline-pwa.md): registered once the
 * page has loaded and the browser is idle, so that neither its code (workbox-window, a chunk of
 * its own) nor the download of the app shell competes with the first screen
 * (docs/decisions/0033-web-performance.md). Once it is active, the page tells it which of the
 * build's files it already loaded, so that they are kept for offline use too. A new version waits until the diner chooses to
 * reload (`registerType: 'prompt'`): {@link useUpdateReady} tells the prompt to show itself and
 * {@link reloadToUpdate} lets the new version take over and reloads the page.
 */

type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

const updateReady = createFlagStore();
let updateServiceWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
const setUpdateReady = (ready: boolean) => updateReady.set(ready);

export interface StartOptions {
  /** Off in development and in tests unless asked for (the worker is a build's). */
  enabled?: boolean;
  /** The registration module (./service-worker-register.ts, loaded on demand). */
  load?: () => Promise<{ registerSW: RegisterSW }>;
  /** When to register: once the page has loaded and is idle, unless the app knows better. */
  when?: (register: () => void) => void;
}

/** Posts the build files this page has loaded to the active worker (workbox's `CACHE_URLS`). */
function keepLoadedFiles(registration: ServiceWorkerRegistration | undefined): void {
  const urlsToCache = loadedBuildAssets(performance.getEntriesByType('resource'), location.origin);
  if (urlsToCache.length > 0)
    registration?.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

/**
 * Registers the service worker after the page's `load` event (at once if it has fired) and an
 * idle moment.
 */
export function startServiceWorker({
  enabled = import.meta.env.PROD,
  load = () => import('./service-worker-register'),
  when = afterLoadWhenIdle,
}: StartOptions = {}): void {
  if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // Automated browsers (the e2e tests) only where a test asks for it: a worker answering reads
  // from its cache would change what every other test sees.
  if (navigator.webdriver && localStore.get(STORAGE_KEYS.serviceWorker) !== 'on') return;
  const register = () => {
    load()
      .then(({ registerSW }) => {
        updateServiceWorker = registerSW({
          onNeedRefresh: () => setUpdateReady(true),
          onRegisteredSW: () => {
            void navigator.serviceWorker.ready.then(keepLoadedFiles);
          },
          onRegisterError: (error: unknown) => logFailure('Service worker registration failed', error),
        });
      })
      .catch((error: unknown) => logFailure('Service worker registration failed', error));
  };
  when(register);
}

/** Lets the waiting version take over; the page reloads once it controls it. */
export async function reloadToUpdate(): Promise<void> {
  setUpdateReady(false);
  await updateServiceWorker?.(true);
}

/** "Later": the prompt goes; the new version takes over when every tab of the app is closed. */
export function dismissUpdate(): void {
  setUpdateReady(false);
}

/** Whether a new version of the app is installed and waits for the diner to reload. */
export const useUpdateReady = (): boolean => updateReady.use();
