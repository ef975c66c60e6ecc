import {
  apiErrorSchema,
  favoriteIdsSchema,
  favoriteListSchema,
  favoriteStateSchema,
  listFavoritesQuerySchema,
  type FavoriteType,
} from '@comensal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext, requireDiner } from '../../http/request.ts';
import { listFavoriteIds, listFavorites } from './list-favorites.ts';
import { setFavorite } from './set-favorite.ts';

const idParam = z.string().min(1).max(100);
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 409: apiErrorSchema };

/** The signed-in diner (guests included), or 401 UNAUTHENTICATED. */
const requireUserId = async (request: FastifyRequest): Promise<string> =>
  (await requireDiner(request)).userId;

/**
 * `/api/me/favorites*`: the diner's favourite restaurants and products (docs/product.md#endpoints).
 */
export async function favoriteRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me/favorites',
    {
      schema: {
        operationId: 'listFavorites',
        tags: ['favorites'],
        summary: 'My favourite restaurants or products, newest first',
        description:
          'Keyset pages (`nextCursor` → `cursor`). Products carry their restaurant and `isAvailable` (on the menu now).',
        querystring: listFavoritesQuerySchema,
        response: { 200: favoriteListSchema, ...errors },
      },
    },
    async (request) => listFavorites(requestContext(request), await requireUserId(request), request.query),
  );

  app.get(
    '/api/me/favorites/ids',
    {
      schema: {
        operationId: 'listFavoriteIds',
        tags: ['favorites'],
        summary: 'The ids of all my favourites (to mark them on lists)',
        response: { 200: favoriteIdsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listFavoriteIds(requestContext(request), await requireUserId(request)),
  );

  const routes: { type: FavoriteType; path: string; param: 'restaurantId' | 'productId' }[] = [
    { type: 'restaurants', path: '/api/me/favorites/restaurants/:restaurantId', param: 'restaurantId' },
    { type: 'products', path: '/api/me/favorites/products/:productId', param: 'productId' },
  ];
  for (const { type, path, param } of routes) {
    const params = z.object({ [param]: idParam }).strict();
    const read = (request: FastifyRequest) => (request.params as Record<string, string>)[param]!;
    for (const method of ['PUT', 'DELETE'] as const) {
      app.route({
        method,
        url: path,
        schema: {
          // addFavoriteRestaurant, removeFavoriteProduct…
          operationId: `${method === 'PUT' ? 'add' : 'remove'}Favorite${type === 'restaurants' ? 'Restaurant' : 'Product'}`,
          tags: ['favorites'],
          summary: `${method === 'PUT' ? 'Add' : 'Remove'} a favourite ${type === 'restaurants' ? 'restaurant' : 'product'}`,
          description:
            'Idempotent. Answers the state after the call and the favourites count (derived from the favourite rows).',
          params,
          response: { 200: favoriteStateSchema, ...writeErrors },
        },
        handler: async (request) =>
          setFavorite(
            requestContext(request),
            await requireUserId(request),
            type,
            read(request),
            method === 'PUT',
          ),
      });
    }
  }
}
