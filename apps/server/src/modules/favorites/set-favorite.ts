import { MAX_FAVORITES_PER_TYPE, type FavoriteState, type FavoriteType } from '@comensal/contracts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RequestContext } from '../../lib/context.ts';
import { isUuid } from '../../lib/ids.ts';
import { menuCacheChannel, RESTAURANT_LIST_CACHE_CHANNEL, restaurantExists } from '../restaurants/index.ts';
import { favoriteRepository } from './favorite-repository.ts';

/**
 * Logged when a favourite is written for a user whose row is gone
 * (docs/product.md#product-log-messages).
 */
export const USER_MISSING_MESSAGE = 'El usuario no existe';

const FOREIGN_KEY_VIOLATION = '23503';
const notFound = (type: FavoriteType) => AppError.notFound(type === 'restaurants' ? 'Restaurant' : 'Product');

/**
 * Makes the restaurant/product a favourite of the user (`isFavorite` true, PUT) or not (DELETE).
 * Idempotent and atomic: one transaction that locks the user's row (so one diner's writes are
 * serialised and the per-type limit is exact), inserts or deletes the favourite row, and counts
 * the rows — the one source of `favoritesCount`. A change also drops, at commit and on every
 * instance, the cached answers that carry the count (the restaurant lists, or the product's menu).
 *
 * NOT_FOUND for an unknown restaurant/product (and on PUT for a hidden product); UNAUTHENTICATED
 * with 'El usuario no existe' logged when the user's row is gone (a session of nobody is no
 * session, as in modules/me); CONFLICT past MAX_FAVORITES_PER_TYPE.
 */
export async function setFavorite(
  ctx: Pick<RequestContext, 'db' | 'log' | 'live'>,
  userId: string,
  type: FavoriteType,
  targetId: string,
  isFavorite: boolean,
): Promise<FavoriteState> {
  if (!isUuid(targetId)) throw notFound(type);
  const favorites = favoriteRepository(ctx.db);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      if (!(await favorites.lockUser(userId, tx))) {
        ctx.log.warn({ userId }, USER_MISSING_MESSAGE);
        throw new AppError('UNAUTHENTICATED', 'Sign in again');
      }
      let menuOf: string | null = null;
      if (type === 'restaurants') {
        if (!(await restaurantExists(ctx, targetId, tx))) throw notFound(type);
      } else {
        const product = await favorites.findProductTarget(targetId, tx);
        if (!product || (isFavorite && product.hidden)) throw notFound(type);
        menuOf = product.restaurantId;
      }
      let changed: boolean;
      if (isFavorite) {
        const already = await favorites.isFavorite(type, userId, targetId, tx);
        if (!already && (await favorites.countByUser(type, userId, tx)) >= MAX_FAVORITES_PER_TYPE) {
          throw new AppError('CONFLICT', `At most ${MAX_FAVORITES_PER_TYPE} favourite ${type}`, {
            reason: 'FAVORITES_LIMIT',
          });
        }
        changed = !already && (await favorites.add(type, userId, targetId, tx));
      } else {
        changed = await favorites.remove(type, userId, targetId, tx);
      }
      if (changed) {
        // cached answers carry the counts: menus (products) and lists (restaurants)
        await ctx.live.publish(
          {
            channel: menuOf ? menuCacheChannel(menuOf) : RESTAURANT_LIST_CACHE_CHANNEL,
            event: 'favorites.changed',
            data: menuOf ? { productId: targetId } : { restaurantId: targetId },
          },
          tx,
        );
      }
      return { isFavorite, favoritesCount: await favorites.countFor(type, targetId, tx) };
    });
  } catch (error) {
    // the restaurant/product (or the user) was deleted between our check and the insert
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
      const constraint = String((error as { constraint?: string }).constraint ?? '');
      if (constraint.includes('user_id')) {
        ctx.log.warn({ userId }, USER_MISSING_MESSAGE);
        throw new AppError('UNAUTHENTICATED', 'Sign in again');
      }
      throw notFound(type);
    }
    throw error;
  }
}
