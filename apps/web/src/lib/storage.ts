/**
 * Safe access to Web Storage: private browsing, disabled storage or a full quota never
 * break the app — reads answer `null`, writes are dropped.
 * Every key the app stores is listed here.
 */
export const STORAGE_KEYS = {
  /** localStorage: the chosen locale (`es-ES` | `en-US`). */
  locale: 'locale',
  /**
   * localStorage: the restaurant id remembered from the last restaurant route
   * (docs/product.md#remembered-restaurant-and-table-links).
   */
  restaurantId: 'restaurantId',
  /** localStorage: the guest profile (docs/product.md#guest), JSON. */
  guest: 'guest',
  /**
   * sessionStorage: the table and room of a table QR link, JSON
   * (docs/product.md#remembered-restaurant-and-table-links).
   */
  table: 'table',
  /**
   * localStorage `cart:<reservationId>`: the pending items (the cart) of one reservation, a JSON
   * array read back through the domain's `readCart` (features/orders/cart-store.ts).
   */
  cart: 'cart',
  /** sessionStorage: the reservation the diner orders for at each restaurant, JSON `{ [restaurantId]: reservationId }`. */
  orderFor: 'orderFor',
  /**
   * localStorage: carts sent while offline, waiting for the connection
   * (features/orders/order-outbox.ts), JSON `[{ reservationId, dinerId, key, items, queuedAt }]`.
   */
  outbox: 'outbox',
  /**
   * localStorage: `on` lets a browser driven by automation (`navigator.webdriver`, the e2e tests)
   * register the service worker, which it otherwise skips (lib/service-worker.ts).
   */
  serviceWorker: 'serviceWorker',
  /**
   * localStorage: the backoff state of the analytics configuration fetch, JSON
   * `{ [appId]: { backoffCount, throttleEndTimeMillis } }` (lib/analytics/throttle-store.ts).
   */
  analyticsThrottle: 'analyticsThrottle',
  /**
   * localStorage: the random visitor id of analytics events and its local day, JSON `{ id, day }`,
   * renewed every day (lib/analytics/events-client.ts, docs/telemetry.md#events).
   */
  analyticsVisitor: 'analyticsVisitor',
  /** localStorage: `"1"` when the staff console's sound cues are muted (features/staff/cue-sound.ts). */
  staffMuted: 'staffMuted',
} as const;

/** A key the app stores one value under, or one item of a kind (`cart:<reservationId>`). */
export type StorageKey =
  (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | `${typeof STORAGE_KEYS.cart}:${string}`;

export interface SafeStorage {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
  getJson(key: StorageKey): unknown;
  setJson(key: StorageKey, value: unknown): void;
}

function safeStorage(pick: () => Storage): SafeStorage {
  const store = (): Storage | null => {
    try {
      return pick();
    } catch {
      return null;
    }
  };
  const get = (key: StorageKey): string | null => {
    try {
      return store()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const set = (key: StorageKey, value: string): void => {
    try {
      store()?.setItem(key, value);
    } catch {
      // Quota exceeded or storage disabled: the value simply is not remembered.
    }
  };
  return {
    get,
    set,
    remove(key) {
      try {
        store()?.removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
    getJson(key) {
      const text = get(key);
      if (text === null) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    },
    setJson(key, value) {
      set(key, JSON.stringify(value));
    },
  };
}

export const localStore = safeStorage(() => window.localStorage);
export const sessionStore = safeStorage(() => window.sessionStorage);
