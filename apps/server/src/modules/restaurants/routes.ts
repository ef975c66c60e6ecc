import {
  apiErrorSchema,
  getMenuQuerySchema,
  listRestaurantsQuerySchema,
  menuSchema,
  priceProductInputSchema,
  productPriceSchema,
  productSchema,
  restaurantDetailSchema,
  restaurantListSchema,
} from '@comensal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UseCaseContext } from '../../lib/context.ts';
import { ALL_CHANNELS } from '../../plugins/live.ts';
import { restaurantExists } from './find-restaurant.ts';
import { getCachedMenu } from './get-menu.ts';
import { getProduct } from './get-product.ts';
import { getRestaurant } from './get-restaurant.ts';
import { createNearbySources, getCachedRestaurantList } from './list-restaurants.ts';
import {
  acceptsGzip,
  createListCache,
  createMenuCache,
  gzipped,
  matchesEtag,
  type CachedBody,
} from './response-cache.ts';
import {
  MENU_TOPIC_PATTERN,
  RESTAURANT_LIST_CACHE_CHANNEL,
  restaurantIdOfMenuChannel,
} from './live-channels.ts';
import { priceProductChoice } from './price-product.ts';

// Ids are checked by the use cases: a malformed id is a 404 like an unknown one.
const idParam = z.string().min(1).max(100);
const restaurantParams = z.object({ id: idParam }).strict();
const productParams = z.object({ id: idParam, productId: idParam }).strict();
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** Public read endpoints (anonymous callers welcome). */
export async function restaurantRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ctx = (): UseCaseContext => ({ db: app.db, now: app.now });

  // Live: anyone may follow the menu of an existing restaurant.
  app.live.registerTopic(MENU_TOPIC_PATTERN, (_session, { id }) => restaurantExists(ctx(), id ?? ''));

  // The answer caches of this instance, emptied by the events of every instance: a menu per
  // restaurant by its menu events; the lists by any menu or list event.
  // The nearest-first pages come from the positions and list items in memory, dropped by the
  // same events (a restaurant's own, or any restaurant change announced by migration 0005).
  const menuCache = createMenuCache();
  const listCache = createListCache();
  const nearby = createNearbySources({ ...ctx(), log: app.log });
  app.live.onEvent(({ channel, data }) => {
    if (channel === ALL_CHANNELS) {
      menuCache.clear();
      listCache.clear();
      nearby.index.invalidate();
      nearby.summaries.clear();
      return;
    }
    if (channel === RESTAURANT_LIST_CACHE_CHANNEL) {
      listCache.clear();
      const restaurantId = (data as { restaurantId?: unknown } | null)?.restaurantId;
      if (typeof restaurantId === 'string') return nearby.summaries.invalidate(restaurantId);
      nearby.index.invalidate();
      nearby.summaries.clear();
      return;
    }
    const restaurantId = restaurantIdOfMenuChannel(channel);
    if (restaurantId) {
      menuCache.invalidate(restaurantId);
      listCache.clear();
      nearby.summaries.invalidate(restaurantId);
      nearby.index.menuChanged(restaurantId);
    }
  });

  /** Precomputed JSON bytes (gzip when accepted) with validators: 304 when the client has them. */
  const sendCached = async (request: FastifyRequest, reply: FastifyReply, cached: CachedBody) => {
    const compressed = acceptsGzip(request.headers['accept-encoding']) ? await gzipped(cached) : null;
    const { body, etag } = compressed ?? cached;
    // the same for everyone; revalidate each time (it changes live), 304 when unchanged
    reply.header('etag', etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined as never);
    if (compressed) reply.header('content-encoding', 'gzip');
    // a Buffer is sent as is: Fastify does not serialise it again
    return reply.type('application/json; charset=utf-8').send(body as never);
  };

  app.get(
    '/api/restaurants',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Search restaurants',
        description:
          'Name search ignores case and accents. `category` takes one or several keys, comma-separated and/or ' +
          'repeated (`category=cafe,grill` = `category=cafe&category=grill`), matching any of them. ' +
          '`vegan`/`vegetarian` keep restaurants with such a product visible now. With `lat`/`lng` each item has ' +
          '`distance` in metres; `sort=distance` orders by it. Keyset pages: pass `nextCursor` back as `cursor`. ' +
          'ETag / If-None-Match → 304; gzip when accepted.',
        querystring: listRestaurantsQuerySchema,
        response: { 200: restaurantListSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await getCachedRestaurantList(ctx(), listCache, request.query, nearby)),
  );

  app.get(
    '/api/restaurants/:id',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'A restaurant with its rooms and tables',
        params: restaurantParams,
        response: { 200: restaurantDetailSchema, ...errors },
      },
    },
    async (request) => getRestaurant(ctx(), request.params.id),
  );

  app.get(
    '/api/restaurants/:id/menu',
    {
      schema: {
        tags: ['menu'],
        summary: 'The products visible now',
        description:
          "Visibility per SPEC §5 in the restaurant's time zone (hidden, daily schedule, weekdays, stock). " +
          'Price bounds are minor units; 0 means no bound.',
        params: restaurantParams,
        querystring: getMenuQuerySchema,
        response: { 200: menuSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await getCachedMenu(ctx(), menuCache, request.params.id, request.query)),
  );

  app.get(
    '/api/restaurants/:id/menu/:productId',
    {
      schema: {
        tags: ['menu'],
        summary: 'One product, while it is visible',
        params: productParams,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => getProduct(ctx(), request.params.id, request.params.productId),
  );

  app.post(
    '/api/restaurants/:id/menu/:productId/price',
    {
      schema: {
        tags: ['menu'],
        summary: 'The exact price of a product with the chosen preferences',
        description:
          "Computed by the domain's `priceProduct` (the web app runs the same function), in minor units. No side " +
          'effects. An invalid selection answers 400 VALIDATION_FAILED with `details.reason` (e.g. ' +
          '`INVALID_PREFERENCE`); a product not visible now answers 404.',
        params: productParams,
        body: priceProductInputSchema,
        response: { 200: productPriceSchema, ...errors },
      },
    },
    async (request) => priceProductChoice(ctx(), request.params.id, request.params.productId, request.body),
  );
}
