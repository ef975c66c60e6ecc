import type {
  MENU_CHANGED_EVENT as CONTRACT_MENU_CHANGED_EVENT,
  menuTopic as contractMenuTopic,
} from '@comensal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { type ResyncReason, useLiveTopic } from '@/lib/live';
import { menuRootKey } from './api/get-menu';

// The live contract's names, restated so the menu page loads no zod: importing values from the
// contracts' live module brings its schemas along. `typeof` keeps them equal to the contract.
const MENU_CHANGED_EVENT: typeof CONTRACT_MENU_CHANGED_EVENT = 'menu.changed';
const menuTopic: typeof contractMenuTopic = (restaurantId) => `restaurant:${restaurantId}:menu`;

/**
 * Keeps a restaurant's menu queries (menu lists and product pages) fresh: `menu.changed` on
 * `restaurant:<id>:menu`, a reconnection or a server resync refetch them at once, so a new
 * price, stock, hidden or new dish shows without a reload.
 *
 * The first confirmation of the subscription refetches only what was loaded before this page
 * started listening (a menu kept from an earlier visit). What this page loaded itself is as new
 * as the subscription, so asking again would fetch the menu twice on every cold load; a change
 * in the moment between the two is picked up by the ask just after the next minute
 * (`getMenuQueryOptions`). docs/decisions/0027-phone-layouts.md.
 */
export function useLiveMenu(restaurantId: string): void {
  const queryClient = useQueryClient();
  /** When this page started listening to the topic. */
  const listeningSince = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    listeningSince.current = Date.now();
  }, [restaurantId]);
  const refresh = useCallback(
    (reason?: ResyncReason) => {
      void queryClient.invalidateQueries({
        queryKey: menuRootKey(restaurantId),
        ...(reason === 'subscribed' && {
          predicate: (query) => query.state.dataUpdatedAt < listeningSince.current,
        }),
      });
    },
    [queryClient, restaurantId],
  );
  useLiveTopic(
    restaurantId ? menuTopic(restaurantId) : null,
    (event) => {
      if (event.event === MENU_CHANGED_EVENT) refresh();
    },
    { onResync: refresh },
  );
}
