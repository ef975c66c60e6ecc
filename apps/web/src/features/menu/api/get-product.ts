import type { Product } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { logFailure } from '@/lib/log';
import { reportAnError } from '@/lib/report-error';
import { MENU_LOAD_ERROR, menuRootKey } from './get-menu';

export const PRODUCT_NOT_FOUND = 'Producto no encontrado';

export const productKey = (restaurantId: string, productId: string) =>
  [...menuRootKey(restaurantId), 'product', productId] as const;

/** `GET /api/restaurants/:id/menu/:productId`: one product while it is on the menu. */
export async function getProduct(
  restaurantId: string,
  productId: string,
  signal?: AbortSignal,
): Promise<Product> {
  try {
    return await apiRequest<Product>(
      `/api/restaurants/${encodeURIComponent(restaurantId)}/menu/${encodeURIComponent(productId)}`,
      { signal },
    );
  } catch (error) {
    if (!signal?.aborted) {
      const notFound = isNotFound(error);
      logFailure(notFound ? PRODUCT_NOT_FOUND : MENU_LOAD_ERROR, error);
      if (notFound) reportAnError('product_not_found', PRODUCT_NOT_FOUND, error, { restaurantId });
      else reportAnError('menu_load_failed', MENU_LOAD_ERROR, error, { restaurantId });
    }
    throw error;
  }
}

export function getProductQueryOptions(restaurantId: string, productId: string) {
  return queryOptions({
    queryKey: productKey(restaurantId, productId),
    queryFn: ({ signal }) => getProduct(restaurantId, productId, signal),
  });
}

export function useProduct(restaurantId: string, productId: string) {
  return useQuery(getProductQueryOptions(restaurantId, productId));
}
