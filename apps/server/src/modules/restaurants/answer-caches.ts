/**
 * The public read answers this instance keeps (menus, restaurant lists, the in-memory sources of
 * nearest-first lists), and the live events of every instance that empty them: a menu per
 * restaurant by its menu events; the lists by any menu or list event; the list items by a
 * restaurant's own events or the rows a restaurant change names (migration 0014), the nearby index
 * when what it holds changed; everything on a change that names no rows.
 */
import { ALL_CHANNELS, type LiveEventMessage } from '../../live/live-event.ts';
import type { RequestContext } from '../../lib/context.ts';
import { createListCache, type ListCache } from './list/list-cache.ts';
import { createNearbySources, type NearbySources } from './list/list-restaurants.ts';
import { RESTAURANT_LIST_CACHE_CHANNEL, restaurantIdOfMenuChannel } from './live-channels.ts';
import { createMenuCache, type MenuCache } from './menu-cache.ts';

export interface AnswerCaches {
  menus: MenuCache;
  lists: ListCache;
  nearby: NearbySources;
  /** Give it every live event that reaches this instance (`app.live.onEvent`). */
  onLiveEvent(message: LiveEventMessage): void;
}

/**
 * What an event of the restaurant list channel names: a restaurant whose favourites count changed
 * (`{ restaurantId }`: its item only), or the rows of a restaurant change announced by PostgreSQL
 * (`{ restaurantIds, index }`, migration 0014: those items, and the index when `index`); null
 * (a large change, TRUNCATE, anything unknown): everything.
 */
export function restaurantsChangeOf(data: unknown): { restaurantIds: string[]; index: boolean } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { restaurantId, restaurantIds, index } = data as Record<string, unknown>;
  if (typeof restaurantId === 'string') return { restaurantIds: [restaurantId], index: false };
  if (
    Array.isArray(restaurantIds) &&
    restaurantIds.every((id) => typeof id === 'string') &&
    typeof index === 'boolean'
  ) {
    return { restaurantIds: restaurantIds as string[], index };
  }
  return null;
}

export function createAnswerCaches(ctx: Pick<RequestContext, 'db' | 'now' | 'log'>): AnswerCaches {
  const menus = createMenuCache();
  const lists = createListCache();
  const nearby = createNearbySources(ctx);
  return {
    menus,
    lists,
    nearby,
    onLiveEvent({ channel, data }) {
      if (channel === ALL_CHANNELS) {
        menus.clear();
        lists.clear();
        nearby.index.invalidate();
        nearby.summaries.clear();
        return;
      }
      if (channel === RESTAURANT_LIST_CACHE_CHANNEL) {
        lists.clear();
        const change = restaurantsChangeOf(data);
        for (const id of change?.restaurantIds ?? []) nearby.summaries.invalidate(id);
        if (change?.index === false) return;
        nearby.index.invalidate();
        if (!change) nearby.summaries.clear();
        return;
      }
      const restaurantId = restaurantIdOfMenuChannel(channel);
      if (restaurantId) {
        menus.invalidate(restaurantId);
        lists.clear();
        nearby.summaries.invalidate(restaurantId);
        nearby.index.menuChanged(restaurantId);
      }
    },
  };
}
