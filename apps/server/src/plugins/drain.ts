/**
 * Handing over to the other instances (docs/deploy.md#stopping-an-instance,
 * docs/decisions/0032-several-instances.md): server.ts calls `app.drain.begin()` on SIGTERM, then
 * closes the app once the balancer has had time to notice. From `begin()` on:
 *
 * - `/readyz` answers 503 `{ status: 'draining' }`, so health checks take this instance out;
 * - every answer carries `Connection: close`, so no keep-alive connection outlives the request it
 *   carries (a balancer never sends a request on a connection this instance is closing);
 * - a new WebSocket is refused with 503 (the client's next attempt lands on another instance);
 * - requests already under way, and new ones, are served as usual.
 */
import { globalPlugin } from './plugin.ts';

export interface Drain {
  /** True once {@link Drain.begin} ran. */
  readonly draining: boolean;
  /** Starts draining (idempotent). */
  begin(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export const drainPlugin = globalPlugin('drain', async (app) => {
  let draining = false;
  app.decorate('drain', {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  } satisfies Drain);
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
});
