import { assertExact } from '../currency/whole-numbers.ts';
import { DomainError, isDomainError, type DomainErrorCode } from '../errors.ts';
import { PENDING_ITEM_ID_LIMIT, randomInt, type RandomSource } from '../guest/guest-profile.ts';
import { clampQuantity, type PreferenceSelection } from '../pricing/price-product.ts';
import { priceOrderLine, type OrderableProduct, type OrderLinePrice } from './points.ts';

/** An order line takes 1 to 99 units. */
export const MAX_ORDER_QUANTITY = 99;
/** An order line's comments take at most 300 characters (after trimming). */
export const MAX_ORDER_COMMENTS_LENGTH = 300;

/**
 * A line of the cart (a pending item, docs/product.md#constants), kept in the browser until it is
 * sent as one batch.
 */
export interface PendingItem {
  /** Random integer in [1, 99 999), unique within the cart. */
  id: number;
  productId: string;
  /** Integer 1–99. */
  quantity: number;
  /** Trimmed; '' when none. */
  comments: string;
  selections: readonly PreferenceSelection[];
  payWithPoints: boolean;
}

/** The cart: pending items in the order they were added. */
export type Cart = readonly PendingItem[];

/** What the diner adds: a pending item without its id; comments, selections and points are optional. */
export interface NewPendingItem {
  productId: string;
  quantity: number;
  comments?: string | null;
  selections?: readonly PreferenceSelection[] | null;
  payWithPoints?: boolean | null;
}

/** An edit of a pending item: only the fields given change. */
export type PendingItemChanges = Partial<
  Pick<PendingItem, 'quantity' | 'comments' | 'selections' | 'payWithPoints'>
>;

/**
 * A new pending-item id: a random integer in [1, 99 999) that `taken` does not hold, drawn
 * uniformly among the free ids with a single call of `random`.
 * @throws DomainError `CART_FULL` — every id is taken.
 * @throws DomainError `INVALID_RANDOM` — `random()` is not a number in [0, 1).
 */
export function newPendingItemId(random: RandomSource, taken: ReadonlySet<number>): number {
  const takenIds = [...taken]
    .filter((id) => Number.isInteger(id) && id >= 1 && id < PENDING_ITEM_ID_LIMIT)
    .sort((a, b) => a - b);
  const free = PENDING_ITEM_ID_LIMIT - 1 - takenIds.length;
  if (free < 1) throw new DomainError('CART_FULL', 'every pending-item id is taken');
  // the n-th free id: start from n and step over every taken id at or below it
  let id = randomInt(random, 1, free + 1);
  for (const takenId of takenIds) {
    if (takenId > id) break;
    id += 1;
  }
  return id;
}

function normalizeComments(comments: string | null | undefined): string {
  if (comments == null) return '';
  if (typeof comments !== 'string') throw new DomainError('INVALID_COMMENTS', 'comments must be text');
  const trimmed = comments.trim();
  if (trimmed.length > MAX_ORDER_COMMENTS_LENGTH) {
    throw new DomainError(
      'INVALID_COMMENTS',
      `comments take at most ${MAX_ORDER_COMMENTS_LENGTH} characters, got ${trimmed.length}`,
    );
  }
  return trimmed;
}

function normalizeSelections(
  selections: readonly PreferenceSelection[] | null | undefined,
): PreferenceSelection[] {
  if (selections == null) return [];
  if (!Array.isArray(selections)) throw new DomainError('INVALID_PREFERENCE', 'selections must be a list');
  return selections.map((selection: PreferenceSelection | null) => {
    if (typeof selection !== 'object' || selection === null) {
      throw new DomainError('INVALID_PREFERENCE', 'a selection is an object');
    }
    const { preferenceKey, optionKey, quantity } = selection;
    if (typeof preferenceKey !== 'string' || typeof optionKey !== 'string') {
      throw new DomainError('INVALID_PREFERENCE', 'a selection names its preference and option');
    }
    if (!Number.isSafeInteger(quantity) || quantity < 1) {
      throw new DomainError('INVALID_PREFERENCE', `option quantity must be an integer ≥ 1, got ${quantity}`);
    }
    return { preferenceKey, optionKey, quantity };
  });
}

function assertLineQuantity(quantity: number): void {
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY) {
    throw new DomainError(
      'INVALID_QUANTITY',
      `quantity must be an integer 1–${MAX_ORDER_QUANTITY}, got ${quantity}`,
    );
  }
}

function assertPayWithPoints(payWithPoints: unknown): void {
  if (typeof payWithPoints !== 'boolean') {
    throw new DomainError('INVALID_PENDING_ITEM', 'payWithPoints must be true or false');
  }
}

/** The selections as one string that ignores their order. */
const selectionsKey = (selections: readonly PreferenceSelection[]): string =>
  JSON.stringify(
    selections
      .map((selection) => JSON.stringify([selection.preferenceKey, selection.optionKey, selection.quantity]))
      .sort(),
  );

/**
 * Whether two pending items are the same line: same product, same selections (in any order),
 * same comments and the same way to pay (money or points). Quantity and id do not matter.
 */
export function isSamePendingLine(
  a: Omit<PendingItem, 'id' | 'quantity'>,
  b: Omit<PendingItem, 'id' | 'quantity'>,
): boolean {
  return (
    a.productId === b.productId &&
    a.comments === b.comments &&
    a.payWithPoints === b.payWithPoints &&
    selectionsKey(a.selections) === selectionsKey(b.selections)
  );
}

/**
 * Adds a line to the cart. When the cart already holds the same line ({@link isSamePendingLine},
 * comments compared after trimming), that line's quantity grows instead, up to 99; otherwise the
 * line goes last with a new id ({@link newPendingItemId}). Returns a new cart; `cart` is untouched.
 * @throws DomainError `INVALID_PENDING_ITEM` — no product id, or payWithPoints not a boolean.
 * @throws DomainError `INVALID_QUANTITY` — quantity not an integer 1–99.
 * @throws DomainError `INVALID_COMMENTS` — comments longer than 300 characters once trimmed.
 * @throws DomainError `INVALID_PREFERENCE` — a selection without keys or with a quantity not an integer ≥ 1.
 * @throws DomainError `CART_FULL`, `INVALID_RANDOM` — see {@link newPendingItemId}.
 */
export function addPendingItem(cart: Cart, item: NewPendingItem, random: RandomSource): PendingItem[] {
  if (typeof item.productId !== 'string' || item.productId.length === 0) {
    throw new DomainError('INVALID_PENDING_ITEM', 'a pending item needs a product id');
  }
  assertLineQuantity(item.quantity);
  const payWithPoints = item.payWithPoints ?? false;
  assertPayWithPoints(payWithPoints);
  const line = {
    productId: item.productId,
    comments: normalizeComments(item.comments),
    selections: normalizeSelections(item.selections),
    payWithPoints,
  };

  const same = cart.findIndex((existing) => isSamePendingLine(existing, line));
  if (same >= 0) {
    return cart.map((existing, index) =>
      index === same
        ? { ...existing, quantity: clampQuantity(existing.quantity + item.quantity, MAX_ORDER_QUANTITY) }
        : existing,
    );
  }
  const id = newPendingItemId(random, new Set(cart.map((existing) => existing.id)));
  return [...cart, { id, quantity: item.quantity, ...line }];
}

/**
 * Edits the pending item `id`. A quantity is brought into 1–99 (a stepper that goes below 1 stays
 * at 1: {@link clampQuantity}); comments are trimmed. The line keeps its id and place, even when it
 * becomes the same as another line. Returns a new cart.
 * @throws DomainError `PENDING_ITEM_NOT_FOUND` — no item has that id.
 * @throws DomainError `INVALID_COMMENTS`, `INVALID_PREFERENCE`, `INVALID_PENDING_ITEM` — as {@link addPendingItem}.
 */
export function updatePendingItem(cart: Cart, id: number, changes: PendingItemChanges): PendingItem[] {
  const index = cart.findIndex((item) => item.id === id);
  const current = cart[index];
  if (!current) throw new DomainError('PENDING_ITEM_NOT_FOUND', `no pending item ${id}`);
  if (changes.payWithPoints !== undefined) assertPayWithPoints(changes.payWithPoints);
  const updated: PendingItem = {
    ...current,
    ...(changes.quantity === undefined
      ? {}
      : { quantity: clampQuantity(changes.quantity, MAX_ORDER_QUANTITY) }),
    ...(changes.comments === undefined ? {} : { comments: normalizeComments(changes.comments) }),
    ...(changes.selections === undefined ? {} : { selections: normalizeSelections(changes.selections) }),
    ...(changes.payWithPoints === undefined ? {} : { payWithPoints: changes.payWithPoints }),
  };
  return cart.map((item, position) => (position === index ? updated : item));
}

/** The cart without the pending item `id` (the same items when there is none: removing twice is harmless). */
export function removePendingItem(cart: Cart, id: number): PendingItem[] {
  return cart.filter((item) => item.id !== id);
}

/** How many units the cart holds: the sum of the quantities (the badge on the cart button). */
export function pendingItemCount(cart: Cart): number {
  return cart.reduce((sum, item) => sum + item.quantity, 0);
}

/** A cart line that cannot be priced now: its product is unknown (gone, hidden…) or the line is no longer valid. */
export interface CartProblem {
  itemId: number;
  productId: string;
  /** `UNKNOWN_PRODUCT`, or the DomainError code pricing raised (e.g. `INVALID_PREFERENCE`, `NOT_PAYABLE_WITH_POINTS`). */
  code: DomainErrorCode;
  message: string;
}

/** A priced cart line. */
export interface CartLine {
  itemId: number;
  /** Money to pay, integer minor units; 0 for a line paid with points. */
  totalMinor: number;
  /** Points the line spends; 0 for a line paid with money. */
  pointsSpent: number;
}

export interface CartSummary {
  /** Units in the cart, every line counted ({@link pendingItemCount}). */
  itemCount: number;
  /** Money of the lines that could be priced, integer minor units. */
  subtotalMinor: number;
  /** Points of the priced lines paid with points: Σ pointsPrice × quantity. */
  pointsNeeded: number;
  /** Priced lines, in cart order. */
  lines: CartLine[];
  /** Lines left out of the sums, in cart order; the cart cannot be sent while there are any. */
  problems: CartProblem[];
}

/** Finds the current product of a pending item; undefined when it is not (or no longer) on the menu. */
export type ProductLookup = (productId: string) => OrderableProduct | undefined;

/**
 * Prices every line of the cart with {@link priceOrderLine} (the rule the server applies when the
 * batch arrives) and sums money and points. A line whose product the lookup does not find, or
 * that pricing refuses (options gone, no points price…), is reported in `problems`, never
 * silently dropped or priced as 0.
 * @throws DomainError `INVALID_AMOUNT` — the subtotal overflows; `INVALID_POINTS` — the points do.
 */
export function cartSummary(cart: Cart, lookup: ProductLookup): CartSummary {
  const summary: CartSummary = {
    itemCount: pendingItemCount(cart),
    subtotalMinor: 0,
    pointsNeeded: 0,
    lines: [],
    problems: [],
  };
  for (const item of cart) {
    const product = lookup(item.productId);
    if (!product) {
      summary.problems.push({
        itemId: item.id,
        productId: item.productId,
        code: 'UNKNOWN_PRODUCT',
        message: `product ${item.productId} is not on the menu`,
      });
      continue;
    }
    const price = priceOrTheRefusal(product, item);
    if (isDomainError(price)) {
      summary.problems.push({
        itemId: item.id,
        productId: item.productId,
        code: price.code,
        message: price.message,
      });
      continue;
    }
    summary.lines.push({ itemId: item.id, totalMinor: price.totalMinor, pointsSpent: price.pointsSpent });
    summary.subtotalMinor = assertExact(summary.subtotalMinor + price.totalMinor, 'cart subtotal');
    summary.pointsNeeded = assertExact(
      summary.pointsNeeded + price.pointsSpent,
      'cart points',
      'INVALID_POINTS',
    );
  }
  return summary;
}

function priceOrTheRefusal(product: OrderableProduct, item: PendingItem): OrderLinePrice | DomainError {
  try {
    return priceOrderLine({ product, ...item });
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
}

/** The cart's money subtotal and the lines it leaves out ({@link cartSummary}). */
export function cartSubtotal(
  cart: Cart,
  lookup: ProductLookup,
): Pick<CartSummary, 'subtotalMinor' | 'problems'> {
  const { subtotalMinor, problems } = cartSummary(cart, lookup);
  return { subtotalMinor, problems };
}

/** The points the cart's points-paid lines need and the lines it leaves out ({@link cartSummary}). */
export function cartPointsNeeded(
  cart: Cart,
  lookup: ProductLookup,
): Pick<CartSummary, 'pointsNeeded' | 'problems'> {
  const { pointsNeeded, problems } = cartSummary(cart, lookup);
  return { pointsNeeded, problems };
}

/**
 * Checks a value read back from local storage (parsed JSON) and keeps the pending items that are
 * well formed (id in [1, 99 999), product id, quantity 1–99, comments, selections, payWithPoints),
 * the first of any repeated id; anything else gives an empty cart.
 */
export function readCart(value: unknown): PendingItem[] {
  if (!Array.isArray(value)) return [];
  const ids = new Set<number>();
  const items: PendingItem[] = [];
  for (const candidate of value as unknown[]) {
    const item = toPendingItem(candidate);
    if (item && !ids.has(item.id)) {
      ids.add(item.id);
      items.push(item);
    }
  }
  return items;
}

function toPendingItem(value: unknown): PendingItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  const { id } = candidate;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id >= PENDING_ITEM_ID_LIMIT) return null;
  try {
    const [item] = addPendingItem([], candidate as unknown as NewPendingItem, () => 0);
    return item ? { ...item, id } : null;
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}
