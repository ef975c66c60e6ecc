/**
 * `app.storage`: where pictures and receipts go (src/storage/file-storage.ts), one for the whole
 * app. server.ts passes the one it checked at start-up (and closes it); otherwise (tests) the
 * plugin makes the one the configuration asks for and closes it with the app.
 */
import type { FileStorage } from '../storage/file-storage.ts';
import { storageFor } from '../storage/storage-for.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export const storagePlugin = globalPlugin<{ storage?: FileStorage }>('storage', async (app, options) => {
  const storage = options.storage ?? (await storageFor(app.config));
  app.decorate('storage', storage);
  if (!options.storage) app.addHook('onClose', () => storage.close());
});
