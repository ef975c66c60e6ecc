import {
  apiErrorSchema,
  getMenuQuerySchema,
  listRestaurantsQuerySchema,
  menuSchema,
  productSchema,
  restaurantDetailSchema,
  restaurantListSchema,
} from '@comensal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UseCaseContext } from '../../lib/context.ts';
import { getMenu } from './get-menu.ts';
import { getProduct } from './get-product.ts';
import { getRestaurant } from './get-restaurant.ts';
import { listRestaurants } from './list-restaurants.ts';

// Ids are checked by the use cases: a malformed id is a 404 like an unknown one.
const idParam = z.string().min(1).max(100);
const restaurantParams = z.object({ id: idParam }).strict();
const productParams = z.object({ id: idParam, productId: idParam }).strict();
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** Public read endpoints (anonymous callers welcome). */
export async function restaurantRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const ctx = (): UseCaseContext => ({ db: app.db, now: app.now });

  app.get(
    '/api/restaurants',
    {
      schema: {
        tags: ['restaurants'],
        summary: 'Search restaurants',
        description:
          'Name search ignores case and accents. `vegan`/`vegetarian` keep restaurants with such a product visible ' +
          'now. With `lat`/`lng` each item has `distance` in metres; `sort=distance` orders by it. Keyset pages: ' +
          'pass `nextCursor` back as `cursor`.',
        querystring: listRestaurantsQuerySchema,
        response: { 200: restaurantListSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listRestaurants(ctx(), request.query),
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
    async (request) => getMenu(ctx(), request.params.id, request.query),
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
}
