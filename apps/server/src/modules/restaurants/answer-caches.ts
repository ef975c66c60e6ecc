/**
 * The public read answers this instance keeps (menus, restaurant lists, the in-memory sources of
 * nearest-first lists), and the live events of every instance that empty them: a menu per
 * restaurant by its menu events; the lists by any menu or list event; the nearby index and list
 * items by a restaurant's own events, or any restaurant change announced by migration 0005.
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
        const restaurantId = (data as { restaurantId?: unknown } | null)?.restaurantId;
        if (typeof restaurantId === 'string') return nearby.summaries.invalidate(restaurantId);
        nearby.index.invalidate();
        nearby.summaries.clear();
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
