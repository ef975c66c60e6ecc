/**
 * vite-plugin-pwa's registration (workbox-window), in a module of its own so that it is a chunk
 * of its own, loaded after the page (./service-worker.ts); tests replace it.
 */
export { registerSW } from 'virtual:pwa-register';
