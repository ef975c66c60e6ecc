import { type Menu, menuSchema } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { logFailure } from '../../../lib/log';

export const MENU_LOAD_ERROR = 'Error al cargar el menú';

export async function getMenu(restaurantId: string, signal?: AbortSignal): Promise<Menu> {
  try {
    return await apiGet(`/api/restaurants/${encodeURIComponent(restaurantId)}/menu`, {
      schema: menuSchema,
      ...(signal && { signal }),
    });
  } catch (error) {
    if (!signal?.aborted) logFailure(MENU_LOAD_ERROR, error);
    throw error;
  }
}

export const menuKeys = {
  menu: (restaurantId: string) => ['menu', restaurantId] as const,
};

export function getMenuQueryOptions(restaurantId: string) {
  return queryOptions({
    queryKey: menuKeys.menu(restaurantId),
    queryFn: ({ signal }) => getMenu(restaurantId, signal),
  });
}

export function useMenu(restaurantId: string) {
  return useQuery(getMenuQueryOptions(restaurantId));
}
