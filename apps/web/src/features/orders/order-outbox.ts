import { type PendingItem, readCart } from '@comensal/domain';
import { useSyncExternalStore } from 'react';
import { isApiError, isClientError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { logFailure } from '@/lib/log';
import { getSession } from '@/lib/session';
import { localStore, STORAGE_KEYS } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { sendOrderBatch } from '@/features/orders/api/send-order-batch';
import { removeCartItems, returnToCart } from '@/features/orders/cart-store';

/**
 * Carts sent without a connection (docs/product.md#offline-and-installing): "send" with no
 * connection — or a send whose answer never came — moves the cart's lines here, each batch with
 * the one `Idempotency-Key` of the diner's tap, and they go to the table once the connection is
 * back. Kept in localStorage (`outbox`), so a reload, a closed tab or an update of the app loses
 * nothing. A batch is sent with its own key every time, so a retry after a lost answer is
 * answered by the server instead of placed again: the table gets it exactly once.
 *
 * - Only for the diner who queued it (the session's user): after a sign-out nothing is sent in
 *   someone else's name; the batch waits for its diner to sign in again.
 * - Sent in the order queued. The server's answer decides: placed → gone from here, and the
 *   table's order refreshes; refused (a 4xx: a dish gone, the reservation over…) → the lines go
 *   back to the cart to be fixed, and the diner is told; no answer → kept for the next try.
 * - One tab sends at a time (a Web Lock across the tabs of the browser, where there is one).
 */

export interface QueuedSend {
  reservationId: string;
  /** The session user who queued it (a guest is a user too). */
  dinerId: string;
  /** The `Idempotency-Key` of the tap on "send". */
  key: string;
  items: readonly PendingItem[];
  queuedAt: number;
}

export type SendBatch = (
  reservationId: string,
  items: readonly PendingItem[],
  key: string,
) => Promise<unknown>;

/** Tries again this long after a send that got no answer while the browser says it is online. */
export const OUTBOX_RETRY_MS = 15_000;
const LOCK_NAME = 'comensal-outbox';
const NONE: readonly QueuedSend[] = Object.freeze([]);

function isQueuedSend(value: unknown): value is QueuedSend {
  const entry = value as Partial<QueuedSend> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.reservationId === 'string' &&
    typeof entry.dinerId === 'string' &&
    typeof entry.key === 'string' &&
    typeof entry.queuedAt === 'number' &&
    Array.isArray(entry.items)
  );
}

let cache: { raw: string | null; sends: readonly QueuedSend[] } = { raw: null, sends: NONE };

/** Every queued batch, oldest first, as storage holds it now. */
export function readOutbox(): readonly QueuedSend[] {
  const raw = localStore.get(STORAGE_KEYS.outbox);
  if (raw === cache.raw) return cache.sends;
  let sends: readonly QueuedSend[] = NONE;
  try {
    const parsed = raw === null ? [] : (JSON.parse(raw) as unknown);
    if (Array.isArray(parsed)) {
      sends = parsed
        .filter(isQueuedSend)
        .map((entry) => ({ ...entry, items: readCart(entry.items) }))
        .filter((entry) => entry.items.length > 0);
    }
  } catch {
    sends = NONE;
  }
  cache = { raw, sends };
  return sends;
}

const listeners = new Set<() => void>();
const sentListeners = new Set<(reservationId: string) => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function writeOutbox(sends: readonly QueuedSend[]): void {
  if (sends.length === 0) localStore.remove(STORAGE_KEYS.outbox);
  else localStore.setJson(STORAGE_KEYS.outbox, sends);
  emit();
}

/**
 * Queues a batch (the cart's lines, taken out of the cart) under `key`: a new one for a tap made
 * offline, or the key of a send whose answer was lost, so that its retry cannot place it twice.
 */
export function queueSend(
  reservationId: string,
  dinerId: string,
  items: readonly PendingItem[],
  key: string = newIdempotencyKey(),
  now: number = Date.now(),
): QueuedSend {
  const entry: QueuedSend = { reservationId, dinerId, key, items, queuedAt: now };
  writeOutbox([...readOutbox().filter((queued) => queued.key !== key), entry]);
  removeCartItems(reservationId, new Set(items.map((item) => item.id)));
  listen();
  // online but unanswered (a weak signal): try again in a while, not at once
  if (navigator.onLine) retryLater();
  return entry;
}

const dishes = (items: readonly PendingItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

/** Whether the server refused the batch for good (a 4xx but "this key is still being answered"). */
function isRefusal(error: unknown): boolean {
  return isClientError(error) && !(isApiError(error) && error.code === 'IDEMPOTENCY_KEY_IN_USE');
}

export interface FlushOptions {
  send?: SendBatch;
  /** The diner signed in now (null: nobody, or unknown while offline). */
  currentDinerId?: () => Promise<string | null>;
}

const sessionDinerId = async () => (await getSession())?.user.id ?? null;

async function flushNow({
  send = sendOrderBatch,
  currentDinerId = sessionDinerId,
}: FlushOptions): Promise<boolean> {
  if (readOutbox().length === 0) return true;
  const dinerId = await currentDinerId();
  if (dinerId === null) return true;
  for (const entry of readOutbox()) {
    if (entry.dinerId !== dinerId) continue;
    try {
      await send(entry.reservationId, entry.items, entry.key);
    } catch (error) {
      if (!isRefusal(error)) return false; // no answer: the rest waits too, in order
      writeOutbox(readOutbox().filter((queued) => queued.key !== entry.key));
      returnToCart(entry.reservationId, entry.items);
      notify('error', 'order.queued.refused');
      for (const listener of [...sentListeners]) listener(entry.reservationId);
      continue;
    }
    writeOutbox(readOutbox().filter((queued) => queued.key !== entry.key));
    notify('success', 'order.send.sent', { count: dishes(entry.items) });
    for (const listener of [...sentListeners]) listener(entry.reservationId);
  }
  return true;
}

let flushing: Promise<boolean> | null = null;

/**
 * Sends what waits (one run at a time in this tab, one tab at a time where Web Locks exist).
 * Resolves true when nothing is left that could be sent now, false when a send got no answer.
 */
export function flushOutbox(options: FlushOptions = {}): Promise<boolean> {
  flushing ??= (async () => {
    try {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      return locks ? await locks.request(LOCK_NAME, () => flushNow(options)) : await flushNow(options);
    } catch (error) {
      logFailure('Sending the queued orders failed', error);
      return false;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

let listening = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function retryLater(): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = setTimeout(flushSoon, OUTBOX_RETRY_MS);
}

function flushSoon(): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  if (!navigator.onLine || readOutbox().length === 0) return;
  void flushOutbox().then((done) => {
    if (!done && readOutbox().length > 0) retryLater();
  });
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', flushSoon);
}

/** Starts sending what waits: now if the browser is online, and each time the connection returns. */
export function startOutbox(): void {
  listen();
  flushSoon();
}

/** Calls `listener` with the reservation of each batch the server answered (placed or refused). */
export function onOutboxAnswered(listener: (reservationId: string) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.outbox) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The batches of a reservation waiting for the connection (the same array while nothing changed). */
export function useQueuedSends(reservationId: string | null): readonly QueuedSend[] {
  const all = useSyncExternalStore(subscribe, readOutbox, () => NONE);
  return reservationId === null ? NONE : forReservation(all, reservationId);
}

const byReservation = new WeakMap<readonly QueuedSend[], Map<string, readonly QueuedSend[]>>();

function forReservation(all: readonly QueuedSend[], reservationId: string): readonly QueuedSend[] {
  let map = byReservation.get(all);
  if (!map) byReservation.set(all, (map = new Map()));
  let sends = map.get(reservationId);
  if (!sends) {
    const found = all.filter((send) => send.reservationId === reservationId);
    sends = found.length > 0 ? found : NONE;
    map.set(reservationId, sends);
  }
  return sends;
}

/** Dishes (quantities) in a list of queued batches. */
export const queuedDishes = (sends: readonly QueuedSend[]): number =>
  sends.reduce((sum, send) => sum + dishes(send.items), 0);
