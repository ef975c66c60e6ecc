import type { Reservation } from '@comensal/contracts';
import type { NewPendingItem } from '@comensal/domain';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { menuRootKey } from '@/features/menu/api/get-menu';
import { getProductQueryOptions } from '@/features/menu/api/get-product';
import { listOrdersQueryOptions, orderRootKey } from '@/features/orders/api/list-orders';
import { addToCartAndSay, useCart } from '@/features/orders/cart-store';
import { onOutboxAnswered, startOutbox } from '@/features/orders/order-outbox';
import { type Ordering, type ProductRead, productsById } from '@/features/orders/ordering';
import { getMeQueryOptions, meKeys } from '@/features/profile/api/get-me';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useAuth } from '@/app/session';

export type OrderingBase = Pick<
  Ordering,
  'restaurantId' | 'reservations' | 'reservation' | 'chooseReservation'
>;

export interface OrderingOptions {
  /** The page offers paying with points (a dish with a points price): ask for the balance. */
  wantsPoints?: boolean;
  /** The page edits the table's order: the products of its lines too, not only the cart's. */
  wantsProducts?: boolean;
}

/** Stable (useQueries runs it again only when a read changes). */
const combineReads = (reads: readonly ProductRead[]) => productsById(reads);

/**
 * Keeps a page's ordering up to date and hands it to `onChange`: the restaurant's country, the
 * products of the cart's lines with their details (to price the cart; and of the table's order's
 * lines when the page edits them), each read from its product route (the menu list carries only
 * what a card shows, ADR 0037; the product page's read is the same query), the diner's points
 * there (when a dish or a cart line may be paid with them), and what to refresh after a batch.
 * Renders nothing.
 */
export default function OrderingState({
  base,
  options: { wantsPoints = false, wantsProducts = false },
  onChange,
}: {
  base: OrderingBase & { reservation: Reservation };
  options: OrderingOptions;
  onChange: (ordering: Ordering) => void;
}) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { restaurantId, reservation } = base;
  const restaurant = useRestaurant(restaurantId);
  const cart = useCart(reservation.id);
  const orders = useQuery({ ...listOrdersQueryOptions(reservation.id), enabled: wantsProducts });
  const productIds = useMemo(() => {
    const ids = new Set(cart.map((item) => item.productId));
    if (wantsProducts)
      for (const order of orders.data?.items ?? []) if (order.productId) ids.add(order.productId);
    return [...ids].sort();
  }, [cart, wantsProducts, orders.data]);
  const products = useQueries({
    queries: productIds.map((productId) => getProductQueryOptions(restaurantId, productId)),
    combine: combineReads,
  });
  const needsPoints = wantsPoints || cart.some((item) => item.payWithPoints);
  const me = useQuery({ ...getMeQueryOptions(auth?.user.id ?? ''), enabled: auth !== null && needsPoints });
  const pointsBalance = me.data
    ? (me.data.points.find((entry) => entry.restaurantId === restaurantId)?.balance ?? 0)
    : null;
  const country = restaurant.data?.country ?? reservation.restaurant.country;
  const addToCart = useCallback(
    (line: NewPendingItem, name: string) => void addToCartAndSay(reservation.id, line, name),
    [reservation.id],
  );
  const onSendSettled = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: meKeys.all });
    void queryClient.invalidateQueries({ queryKey: menuRootKey(restaurantId) });
  }, [queryClient, restaurantId]);
  // a cart queued offline goes once the connection is back; its answer refreshes the table's order
  useEffect(() => {
    startOutbox();
    return onOutboxAnswered((reservationId) => {
      void queryClient.invalidateQueries({ queryKey: orderRootKey(reservationId) });
      if (reservationId === reservation.id) onSendSettled();
    });
  }, [queryClient, reservation.id, onSendSettled]);
  const dinerId = auth?.user.id ?? null;
  const ordering = useMemo(
    (): Ordering => ({ ...base, country, products, pointsBalance, addToCart, onSendSettled, dinerId }),
    [base, country, products, pointsBalance, addToCart, onSendSettled, dinerId],
  );
  useEffect(() => onChange(ordering), [ordering, onChange]);
  return null;
}
