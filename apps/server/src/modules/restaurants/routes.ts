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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appContext, requestContext } from '../../http/request.ts';
import { sendCached } from '../../http/send-cached.ts';
import { createAnswerCaches } from './answer-caches.ts';
import { restaurantExists } from './find-restaurant.ts';
import { getCachedMenu } from './get-menu.ts';
import { getProduct } from './get-product.ts';
import { getRestaurant } from './get-restaurant.ts';
import { getCachedRestaurantList } from './list/list-restaurants.ts';
import { MENU_TOPIC_PATTERN } from './live-channels.ts';
import { priceProductChoice } from './price-product.ts';

// Ids are checked by the use cases: a malformed id is a 404 like an unknown one.
const idParam = z.string().min(1).max(100);
const restaurantParams = z.object({ id: idParam }).strict();
const productParams = z.object({ id: idParam, productId: idParam }).strict();
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** Public read endpoints (anonymous callers welcome). */
export async function restaurantRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const caches = createAnswerCaches(appContext(app));
  app.live.onEvent(caches.onLiveEvent);

  // Live: anyone may follow the menu of an existing restaurant.
  app.live.registerTopic(MENU_TOPIC_PATTERN, (_diner, { id }) => restaurantExists(appContext(app), id ?? ''));

  app.get(
    '/api/restaurants',
    {
      schema: {
        operationId: 'listRestaurants',
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
      sendCached(
        request,
        reply,
        await getCachedRestaurantList(requestContext(request), caches.lists, request.query, caches.nearby),
      ),
  );

  app.get(
    '/api/restaurants/:id',
    {
      schema: {
        operationId: 'getRestaurant',
        tags: ['restaurants'],
        summary: 'A restaurant with its rooms and tables',
        params: restaurantParams,
        response: { 200: restaurantDetailSchema, ...errors },
      },
    },
    async (request) => getRestaurant(requestContext(request), request.params.id),
  );

  app.get(
    '/api/restaurants/:id/menu',
    {
      schema: {
        operationId: 'getMenu',
        tags: ['menu'],
        summary: 'The products visible now',
        description:
          "Products visible now in the restaurant's time zone (not hidden, in their daily schedule " +
          'and weekdays, in stock where that matters; docs/product.md#product-visibility). ' +
          'Price bounds are minor units; 0 means no bound. Each dish carries what its menu card shows ' +
          '(name, description, price and discount, dietary tags, picture, whether a choice is required); ' +
          'its details (preferences, stock, schedule, points price…) are `getProduct`. ' +
          'ETag / If-None-Match → 304; gzip when accepted.',
        params: restaurantParams,
        querystring: getMenuQuerySchema,
        response: { 200: menuSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await getCachedMenu(requestContext(request), caches.menus, request.params.id, request.query),
      ),
  );

  app.get(
    '/api/restaurants/:id/menu/:productId',
    {
      schema: {
        operationId: 'getProduct',
        tags: ['menu'],
        summary: 'One product, while it is visible',
        description:
          'Every field of the product (preferences with their options, schedule, stock, points price…): the ' +
          'product page, and the cart and the table’s order for the dishes they hold. 404 when it is not ' +
          'visible now, unknown or of another restaurant.',
        params: productParams,
        response: { 200: productSchema, ...errors },
      },
    },
    async (request) => getProduct(requestContext(request), request.params.id, request.params.productId),
  );

  app.post(
    '/api/restaurants/:id/menu/:productId/price',
    {
      schema: {
        operationId: 'priceProduct',
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
    async (request) =>
      priceProductChoice(requestContext(request), request.params.id, request.params.productId, request.body),
  );
}
