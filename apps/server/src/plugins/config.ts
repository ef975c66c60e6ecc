import type { Config } from '../config.ts';
import { globalPlugin } from './plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The clock. Tests inject a fixed one; use it instead of `new Date()` in request code. */
    now: () => Date;
  }
}

export const configPlugin = globalPlugin<{ config: Config; now: () => Date }>(
  'config',
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate('now', options.now);
  },
);
