import type { Reservation } from '@comensal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getMenuQueryOptions, menuRootKey } from '@/features/menu/api/get-menu';
import { useCart } from '@/features/orders/cart-store';
import { orderingReservations, useOrderTarget } from '@/features/orders/order-target';
import { type Ordering, productsById } from '@/features/orders/ordering';
import { getMeQueryOptions, meKeys } from '@/features/profile/api/get-me';
import { useReservations } from '@/features/reservations/api/list-reservations';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useAuth } from '@/app/session';

interface OrderingOptions {
  /** The page offers paying with points (a dish with a points price): ask for the balance. */
  wantsPoints?: boolean;
  /** The page needs the menu's products whatever the cart holds (the table's order edits lines). */
  wantsProducts?: boolean;
}

const NO_RESERVATIONS: readonly Reservation[] = [];

/**
 * What the ordering screens of a restaurant need from the other features: the restaurant (its
 * country), the menu (to price the cart), the diner's points there, and a way to refresh them
 * after a batch.
 */
function useOrderingOf(
  restaurantId: string,
  base: Pick<Ordering, 'reservations' | 'reservation' | 'chooseReservation' | 'isLoading'>,
  { wantsPoints = false, wantsProducts = false }: OrderingOptions,
): Ordering {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const restaurant = useRestaurant(restaurantId);
  const { reservation } = base;
  const cart = useCart(reservation?.id ?? null);
  const menu = useQuery({
    ...getMenuQueryOptions(restaurantId),
    enabled: reservation !== null && (wantsProducts || cart.length > 0),
  });
  const needsPoints = wantsPoints || cart.some((item) => item.payWithPoints);
  const me = useQuery({
    ...getMeQueryOptions(auth?.user.id ?? ''),
    enabled: auth !== null && reservation !== null && needsPoints,
  });
  const products = useMemo(() => productsById(menu.data?.items), [menu.data]);
  const pointsBalance = me.data
    ? (me.data.points.find((entry) => entry.restaurantId === restaurantId)?.balance ?? 0)
    : null;
  return {
    ...base,
    restaurantId,
    country: restaurant.data?.country ?? reservation?.restaurant.country ?? null,
    products,
    pointsBalance,
    onSendSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
      void queryClient.invalidateQueries({ queryKey: menuRootKey(restaurantId) });
    },
  };
}

/** Ordering on the menu and a dish's page: for one of the diner's current reservations at the restaurant. */
export function useRestaurantOrdering(restaurantId: string, options: OrderingOptions = {}): Ordering {
  const auth = useAuth();
  const list = useReservations('current', { enabled: auth !== null });
  const reservations = useMemo(
    () => (list.data ? orderingReservations(list.data.items, restaurantId) : NO_RESERVATIONS),
    [list.data, restaurantId],
  );
  const [reservation, chooseReservation] = useOrderTarget(restaurantId, reservations);
  return useOrderingOf(
    restaurantId,
    { reservations, reservation, chooseReservation, isLoading: auth !== null && list.isPending },
    options,
  );
}

/** Ordering on the table's order page: for that reservation, when it still takes orders. */
export function useReservationOrdering(restaurantId: string, reservation: Reservation | undefined): Ordering {
  const target = reservation?.isCurrent && reservation.status !== 'cancelled' ? reservation : null;
  return useOrderingOf(
    restaurantId,
    {
      reservations: target ? [target] : NO_RESERVATIONS,
      reservation: target,
      chooseReservation: () => undefined,
      isLoading: reservation === undefined,
    },
    { wantsProducts: true },
  );
}
