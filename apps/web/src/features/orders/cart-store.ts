import {
  addPendingItem,
  type Cart,
  type NewPendingItem,
  type PendingItem,
  type PendingItemChanges,
  readCart,
  removePendingItem,
  updatePendingItem,
} from '@comensal/domain';
import { useSyncExternalStore } from 'react';
import { trackHere } from '@/lib/analytics/track';
import { localStore, type StorageKey, STORAGE_KEYS } from '@/lib/storage';
import { notify } from '@/lib/toast';

/**
 * The cart (the pending items of docs/product.md) of each reservation, kept in this browser until it is sent:
 * localStorage `cart:<reservationId>` holds a JSON array of the domain's `PendingItem`
 * (`{ id, productId, quantity, comments, selections: [{ preferenceKey, optionKey, quantity }],
 * payWithPoints }`), read back through `readCart` (anything malformed is dropped) and removed when
 * the cart is empty. It survives a reload, a closed tab and a lost connection; other tabs of the
 * browser follow through the `storage` event. Every change starts from what storage holds now,
 * so two tabs adding at once do not overwrite each other's lines.
 */

export type { Cart };

const EMPTY: Cart = Object.freeze([] as PendingItem[]);

export const cartStorageKey = (reservationId: string): StorageKey => `${STORAGE_KEYS.cart}:${reservationId}`;

interface Entry {
  /** What storage held when `items` were read or written. */
  raw: string | null;
  items: Cart;
  /** Storage refused the last write (private mode, full): this tab keeps the cart in memory. */
  unsaved: boolean;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function parse(raw: string | null): Cart {
  if (raw === null) return EMPTY;
  try {
    const items = readCart(JSON.parse(raw) as unknown);
    return items.length > 0 ? items : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The cart of a reservation as storage holds it now (the same array while nothing changed). */
export function readCartOf(reservationId: string): Cart {
  const key = cartStorageKey(reservationId);
  const raw = localStore.get(key);
  const entry = entries.get(key);
  if (entry && (entry.unsaved || entry.raw === raw)) return entry.items;
  const items = parse(raw);
  entries.set(key, { raw, items, unsaved: false });
  return items;
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function write(reservationId: string, items: Cart): void {
  const key = cartStorageKey(reservationId);
  const raw = items.length > 0 ? JSON.stringify(items) : null;
  if (raw === null) localStore.remove(key);
  else localStore.set(key, raw);
  const stored = localStore.get(key);
  entries.set(key, { raw: stored, items: items.length > 0 ? items : EMPTY, unsaved: stored !== raw });
  emit();
}

function change(reservationId: string, update: (cart: Cart) => Cart): Cart {
  const next = update(readCartOf(reservationId));
  write(reservationId, next);
  return next;
}

/** Uniform in [0, 1) from the browser's cryptographic generator (pending-item ids are drawn with it). */
function cryptoRandom(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;
}

/** Adds a line (the same line again adds to its quantity, up to 99). Throws the domain's errors. */
export function addToCart(reservationId: string, item: NewPendingItem): Cart {
  return change(reservationId, (cart) => addPendingItem(cart, item, cryptoRandom));
}

/** Adds a line and says so (a toast, which screen readers announce). */
export function addToCartAndSay(reservationId: string, item: NewPendingItem, name: string): Cart {
  const cart = addToCart(reservationId, item);
  trackHere({ name: 'add_to_cart' });
  notify('success', 'order.cart.added', { name });
  return cart;
}

/** Changes a line (quantity kept within 1–99, comments trimmed); a line that is gone is left alone. */
export function updateCartItem(reservationId: string, itemId: number, changes: PendingItemChanges): Cart {
  return change(reservationId, (cart) =>
    cart.some((item) => item.id === itemId) ? updatePendingItem(cart, itemId, changes) : cart,
  );
}

export function removeCartItem(reservationId: string, itemId: number): Cart {
  return change(reservationId, (cart) => removePendingItem(cart, itemId));
}

/** After a batch was accepted: removes the lines it carried, keeping any added meanwhile. */
export function removeCartItems(reservationId: string, itemIds: ReadonlySet<number>): Cart {
  return change(reservationId, (cart) => cart.filter((item) => !itemIds.has(item.id)));
}

/** Puts lines back (a queued send the server refused), before any added meanwhile; a line already there stays as it is. */
export function returnToCart(reservationId: string, items: readonly PendingItem[]): Cart {
  return change(reservationId, (cart) => [
    ...items.filter((item) => !cart.some((line) => line.id === item.id)),
    ...cart,
  ]);
}

function onStorage(event: StorageEvent): void {
  if (event.storageArea !== window.localStorage) return;
  if (event.key === null || event.key.startsWith(`${STORAGE_KEYS.cart}:`)) emit();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The cart of a reservation (empty for none), following changes from this tab and the others. */
export function useCart(reservationId: string | null): Cart {
  return useSyncExternalStore(
    subscribe,
    () => (reservationId ? readCartOf(reservationId) : EMPTY),
    () => EMPTY,
  );
}
