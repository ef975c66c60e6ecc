import type { Reservation } from '@comensal/contracts';
import type { NewPendingItem } from '@comensal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { getMenuQueryOptions, menuRootKey } from '@/features/menu/api/get-menu';
import { orderRootKey } from '@/features/orders/api/list-orders';
import { addToCartAndSay, useCart } from '@/features/orders/cart-store';
import { onOutboxAnswered, startOutbox } from '@/features/orders/order-outbox';
import { type Ordering, productsById } from '@/features/orders/ordering';
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
  /** The page needs the menu's products whatever the cart holds (the table's order edits lines). */
  wantsProducts?: boolean;
}

/**
 * Keeps a page's ordering up to date and hands it to `onChange`: the restaurant's country, the
 * menu's products (to price the cart; asked for once the cart holds something, or when the page
 * edits lines), the diner's points there (when a dish or a cart line may be paid with them), and
 * what to refresh after a batch. Renders nothing.
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
  const menu = useQuery({ ...getMenuQueryOptions(restaurantId), enabled: wantsProducts || cart.length > 0 });
  const needsPoints = wantsPoints || cart.some((item) => item.payWithPoints);
  const me = useQuery({ ...getMeQueryOptions(auth?.user.id ?? ''), enabled: auth !== null && needsPoints });
  const products = useMemo(() => productsById(menu.data?.items), [menu.data]);
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
