import type { Product, Reservation } from '@comensal/contracts';
import type { NewPendingItem } from '@comensal/domain';
import { createContext, use } from 'react';

/**
 * What the ordering screens of a restaurant share, put together by the route (the reservations,
 * the menu and the diner's points belong to other features): the reservation the cart and the
 * orders go to, the menu's products to price the cart with, and the points balance there.
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
  /** The restaurant's menu, by product id; null while it loads (or when it could not be). */
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

/** The products of a menu by id (what the cart is priced with). */
export function productsById(products: readonly Product[] | undefined): ReadonlyMap<string, Product> | null {
  return products ? new Map(products.map((product) => [product.id, product])) : null;
}
