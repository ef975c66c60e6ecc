import { localStore, sessionStore, STORAGE_KEYS } from './storage';

/**
 * What the app remembers about the diner's visit
 * (docs/product.md#remembered-restaurant-and-table-links):
 * - the restaurant id of the last restaurant route (localStorage `restaurantId`); while it is
 *   present the home list shows only that restaurant;
 * - the `table` and `room` query parameters of a table link (sessionStorage), kept for the
 *   table order and carried to the reservation screens.
 */

export function getRememberedRestaurantId(): string | null {
  const id = localStore.get(STORAGE_KEYS.restaurantId);
  return id && id.trim() ? id : null;
}

export function rememberRestaurantId(restaurantId: string): void {
  if (restaurantId.trim()) localStore.set(STORAGE_KEYS.restaurantId, restaurantId);
}

export function forgetRememberedRestaurant(): void {
  localStore.remove(STORAGE_KEYS.restaurantId);
}

export interface TableContext {
  restaurantId: string | null;
  table: string | null;
  room: string | null;
}

export const TABLE_QUERY_KEYS = ['table', 'room'] as const;

function isTableContext(value: unknown): value is TableContext {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (['restaurantId', 'table', 'room'] as const).every(
    (key) => record[key] === null || typeof record[key] === 'string',
  );
}

export function getTableContext(): TableContext | null {
  const value = sessionStore.getJson(STORAGE_KEYS.table);
  return isTableContext(value) ? value : null;
}

/**
 * Called on every navigation with the matched params and the query: remembers the restaurant
 * id and, when the link carries `table` or `room`, the table context.
 */
export function rememberVisit(
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
): void {
  const restaurantId = params.restaurantId ?? null;
  if (restaurantId) rememberRestaurantId(restaurantId);
  const table = search.get('table');
  const room = search.get('room');
  if (table !== null || room !== null) {
    const previous = getTableContext();
    const sameRestaurant = previous !== null && previous.restaurantId === restaurantId;
    sessionStore.setJson(STORAGE_KEYS.table, {
      restaurantId,
      table: table ?? (sameRestaurant ? previous.table : null),
      room: room ?? (sameRestaurant ? previous.room : null),
    } satisfies TableContext);
  }
}

/**
 * The `table`/`room` query to carry on for a restaurant: from the current query when present,
 * else from the stored table context of the same restaurant.
 */
export function tableQueryFor(
  restaurantId: string,
  search: URLSearchParams,
): { table?: string; room?: string } {
  const table = search.get('table');
  const room = search.get('room');
  if (table !== null || room !== null) {
    return { ...(table !== null && { table }), ...(room !== null && { room }) };
  }
  const stored = getTableContext();
  if (!stored || stored.restaurantId !== restaurantId) return {};
  return {
    ...(stored.table !== null && { table: stored.table }),
    ...(stored.room !== null && { room: stored.room }),
  };
}
