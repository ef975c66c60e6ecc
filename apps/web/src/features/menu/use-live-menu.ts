import type {
  MENU_CHANGED_EVENT as CONTRACT_MENU_CHANGED_EVENT,
  menuTopic as contractMenuTopic,
} from '@comensal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveTopic } from '@/lib/live';
import { menuRootKey } from './api/get-menu';

// The live contract's names, restated so the menu page loads no zod: importing values from the
// contracts' live module brings its schemas along. `typeof` keeps them equal to the contract.
const MENU_CHANGED_EVENT: typeof CONTRACT_MENU_CHANGED_EVENT = 'menu.changed';
const menuTopic: typeof contractMenuTopic = (restaurantId) => `restaurant:${restaurantId}:menu`;

/**
 * Keeps a restaurant's menu queries (menu lists and product pages) fresh: `menu.changed` on
 * `restaurant:<id>:menu`, a (re)subscription or a server resync refetch them at once, so a new
 * price, stock, hidden or new dish shows without a reload.
 */
export function useLiveMenu(restaurantId: string): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: menuRootKey(restaurantId) });
  }, [queryClient, restaurantId]);
  useLiveTopic(
    restaurantId ? menuTopic(restaurantId) : null,
    (event) => {
      if (event.event === MENU_CHANGED_EVENT) refresh();
    },
    { onResync: refresh },
  );
}
