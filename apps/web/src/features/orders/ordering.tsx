import type { Product, Reservation } from '@comensal/contracts';
import { cartSummary, type CartSummary, type OrderableProduct } from '@comensal/domain';
import { createContext, use } from 'react';
import { orderableProduct } from '@/lib/product-choice';
import type { Cart } from './cart-store';

/**
 * What the ordering screens of a restaurant share, put together by the route (the reservations,
 * the menu and the diner's points belong to other features): the reservation the cart and the
 * orders go to, the menu's products to price the cart with, and the points balance there.
 */
export interface Ordering {
  restaurantId: string;
  /** Whether the diner's reservations are still being asked for (nothing to order for yet). */
  isLoading: boolean;
  /** The restaurant's country (money is shown by it); null while it loads. */
  country: string | null;
  /** The diner's current reservations at the restaurant, soonest first. */
  reservations: readonly Reservation[];
  /** The one the cart and the orders go to; null when the diner has none here (or no session). */
  reservation: Reservation | null;
  chooseReservation: (reservationId: string) => void;
  /** The restaurant's menu, by product id; null while it loads (or when it could not be). */
  products: ReadonlyMap<string, Product> | null;
  /** The diner's points at the restaurant; null while unknown. */
  pointsBalance: number | null;
  /**
   * After a batch was sent or refused: what the route refreshes beyond the orders (the points
   * balance, the menu's stock).
   */
  onSendSettled?: () => void;
}

const OrderingContext = createContext<Ordering | null>(null);

export const OrderingProvider = OrderingContext;

/** The ordering of the page, or null on a page that offers none. */
export function useOrdering(): Ordering | null {
  return use(OrderingContext);
}

/** The products of a menu by id (what the cart is priced with). */
export function productsById(products: readonly Product[] | undefined): ReadonlyMap<string, Product> | null {
  return products ? new Map(products.map((product) => [product.id, product])) : null;
}

/** The cart priced by the domain (`cartSummary`) with the menu's products; null while the menu loads. */
export function summarizeCart(cart: Cart, products: ReadonlyMap<string, Product> | null): CartSummary | null {
  if (!products) return null;
  return cartSummary(cart, (productId): OrderableProduct | undefined => {
    const product = products.get(productId);
    return product ? orderableProduct(product) : undefined;
  });
}
