import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as non-encapsulated (what `fastify-plugin` does): its decorators, hooks and
 * handlers apply to the instance that registers it, not to a child context.
 */
export function globalPlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
