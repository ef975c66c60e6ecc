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

/**
 * The localStorage keys the server also reads when it writes a page for the diner
 * (docs/decisions/0039-server-written-first-screen.md): the guest's profile (the name in the header)
 * and the remembered restaurant (home shows it alone). Each is kept in a cookie of the same name
 * too, URI-encoded, for a year; on the server, where there is no localStorage, {@link localStore}
 * reads them from the request's cookies ({@link readStorageCookiesFrom}).
 */
export const SERVER_VISIBLE_KEYS: readonly StorageKey[] = [STORAGE_KEYS.guest, STORAGE_KEYS.restaurantId];

const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The value of cookie `name` in a `Cookie` header (or `document.cookie`), decoded; null if absent. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Sets cookie `name` to `value` (URI-encoded) for the whole site, for a year, `SameSite=Lax`
 * (`Secure` over HTTPS); null removes it. A cookie that already holds `value` is left alone.
 */
export function writeCookie(
  name: string,
  value: string | null,
  doc: Document | undefined = globalThis.document,
): void {
  if (!doc) return;
  if (value !== null && cookieValue(doc.cookie, name) === value) return;
  const secure = globalThis.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=lax${secure}`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${COOKIE_MAX_AGE_S}; samesite=lax${secure}`;
}

/** Server only: the `Cookie` header of the request a page is being written for, or undefined. */
let serverCookies: (() => string | undefined) | null = null;

/**
 * Server only (app/server-render.tsx): {@link localStore} reads the server-visible keys from the
 * cookies `cookieHeader` gives (those of the request whose page is being written).
 */
export function readStorageCookiesFrom(cookieHeader: (() => string | undefined) | null): void {
  serverCookies = cookieHeader;
}

/**
 * Brings each server-visible key's cookie and localStorage value together, as the app starts: a
 * value stored before it was mirrored gets its cookie, and a cookie whose value the browser lost
 * (storage cleared apart from cookies) gives it back, so that the app shows what the server wrote.
 */
export function mirrorServerVisibleKeys(): void {
  for (const key of SERVER_VISIBLE_KEYS) {
    const stored = localStore.get(key);
    const kept = cookieValue((globalThis.document as Document | undefined)?.cookie, key);
    if (stored === null && kept !== null) localStore.set(key, kept);
    else if (stored !== kept) writeCookie(key, stored);
  }
}

function safeStorage(pick: () => Storage, mirrored: boolean): SafeStorage {
  /** A key this storage keeps in a cookie too (localStorage's server-visible keys). */
  const inCookie = (key: StorageKey) => mirrored && SERVER_VISIBLE_KEYS.includes(key);
  const store = (): Storage | null => {
    try {
      return pick();
    } catch {
      return null;
    }
  };
  const get = (key: StorageKey): string | null => {
    if (serverCookies && inCookie(key)) return cookieValue(serverCookies(), key);
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
    if (inCookie(key)) writeCookie(key, value);
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
      if (inCookie(key)) writeCookie(key, null);
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

export const localStore = safeStorage(() => window.localStorage, true);
export const sessionStore = safeStorage(() => window.sessionStorage, false);
