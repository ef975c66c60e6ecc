import type { Product, Reservation } from '@comensal/contracts';
import type { NewPendingItem } from '@comensal/domain';
import { createContext, use } from 'react';
import { isNotFound } from '@/lib/api-client';

/**
 * What the ordering screens of a restaurant share, put together by the route (the reservations,
 * the menu and the diner's points belong to other features): the reservation the cart and the
 * orders go to, the products to price the cart with, and the points balance there.
 */
export interface Ordering {
  restaurantId: string;
  /** The restaurant's country: money is shown by it. */
  country: string;
  /** The diner's current reservations at the restaurant, soonest first. */
  reservations: readonly Reservation[];
  /** The one the cart and the orders go to. */
  reservation: Reservation;
  chooseReservation: (reservationId: string) => void;
  /**
   * The products of the cart's lines (and of the table's order where the page edits it), with
   * their details (preferences, stock…: the menu list carries only what a card shows, ADR 0037),
   * by id; null while one loads (or could not be). A product no longer on the menu is absent.
   */
  products: ReadonlyMap<string, Product> | null;
  /** The diner's points at the restaurant; null while unknown. */
  pointsBalance: number | null;
  /** Adds a line to the cart and says so. */
  addToCart: (line: NewPendingItem, name: string) => void;
  /**
   * After a batch was sent or refused: what the route refreshes beyond the orders (the points
   * balance, the menu's stock).
   */
  onSendSettled: () => void;
  /** The signed-in diner's user id (a cart sent offline waits for this diner: features/orders/order-outbox.ts). */
  dinerId: string | null;
}

const OrderingContext = createContext<Ordering | null>(null);

export const OrderingProvider = OrderingContext;

/** The ordering of the page, or null where the diner has nothing to order for (or it is still loading). */
export function useOrdering(): Ordering | null {
  return use(OrderingContext);
}

/** One read of a product's details (`GET /api/restaurants/:id/menu/:productId`). */
export interface ProductRead {
  data: Product | undefined;
  isPending: boolean;
  error: unknown;
}

/**
 * The products read, by id (what the cart is priced with): null while one is loading or failed
 * for another reason than being off the menu (404: left out, the line shows as gone).
 */
export function productsById(reads: readonly ProductRead[]): ReadonlyMap<string, Product> | null {
  const products = new Map<string, Product>();
  for (const read of reads) {
    if (read.data) products.set(read.data.id, read.data);
    else if (read.isPending || !isNotFound(read.error)) return null;
  }
  return products;
}
