import type { Reservation } from '@comensal/contracts';
import { type ComponentProps, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { orderingReservations, useOrderTarget } from '@/features/orders/order-target';
import { type Ordering, useOrdering } from '@/features/orders/ordering';
import { useReservations } from '@/features/reservations/api/list-reservations';
import { useAuth } from '@/app/session';
import { usePaintedFor } from '@/lib/after-paint';
import type { OrderingBase, OrderingOptions } from './ordering-state';

/**
 * Ordering on a restaurant's pages, composed here because it draws on several features (the
 * diner's reservations, the menu, the points). Only which reservation to order for is worked out
 * up front; the rest — the cart, its rules and its screens — loads once the diner turns out to
 * have a reservation here, so a visitor who cannot order downloads none of it.
 */

const OrderingState = lazy(() => import('./ordering-state'));
const QuickAddModule = lazy(() =>
  import('@/features/orders/components/quick-add').then((module) => ({ default: module.QuickAdd })),
);
const CartBarModule = lazy(() =>
  import('@/features/orders/components/cart-bar').then((module) => ({ default: module.CartBar })),
);
const OrderForModule = lazy(() =>
  import('@/features/orders/components/order-for').then((module) => ({ default: module.OrderFor })),
);
/** The cart sheet opens from the cart bar; it loads (and is fetched as soon as the bar shows) apart from it. */

/**
 * The ordering screens, loaded with the rest of ordering (inside an `OrderingProvider`): each draws
 * nothing without an ordering, so its code is asked for only once there is one.
 */
export function QuickAdd(props: ComponentProps<typeof QuickAddModule>) {
  if (!useOrdering()) return null;
  return (
    <Suspense fallback={null}>
      <QuickAddModule {...props} />
    </Suspense>
  );
}

export function CartBar() {
  if (!useOrdering()) return null;
  return (
    <Suspense fallback={null}>
      <CartBarModule />
    </Suspense>
  );
}

export function OrderFor() {
  if (!useOrdering()) return null;
  return (
    <Suspense fallback={null}>
      <OrderForModule />
    </Suspense>
  );
}

const NO_RESERVATIONS: readonly Reservation[] = [];

export interface RestaurantReservations extends Omit<OrderingBase, 'reservation'> {
  reservation: Reservation | null;
  /** The diner's reservations are still being asked for. */
  isLoading: boolean;
}

/** The diner's current reservations at a restaurant and the one they order for (a choice kept for the visit). */
export function useRestaurantReservations(restaurantId: string): RestaurantReservations {
  const auth = useAuth();
  const list = useReservations('current', { enabled: auth !== null });
  const reservations = useMemo(
    () => (list.data ? orderingReservations(list.data.items, restaurantId) : NO_RESERVATIONS),
    [list.data, restaurantId],
  );
  const [reservation, chooseReservation] = useOrderTarget(restaurantId, reservations);
  return {
    restaurantId,
    reservations,
    reservation,
    chooseReservation,
    isLoading: auth !== null && list.isPending,
  };
}

/**
 * The ordering of the page (null until there is a reservation to order for and its code has
 * loaded) and the element that keeps it up to date, to render anywhere on the page.
 */
export function usePageOrdering(
  { reservation, reservations, chooseReservation, restaurantId }: Omit<RestaurantReservations, 'isLoading'>,
  options: OrderingOptions = {},
): [Ordering | null, ReactNode] {
  const [ordering, setOrdering] = useState<Ordering | null>(null);
  const base = useMemo(
    () => (reservation ? { restaurantId, reservations, reservation, chooseReservation } : null),
    [restaurantId, reservations, reservation, chooseReservation],
  );
  // The ordering's code (≈ 35 KB gzip) is asked for once the page showing this reservation has
  // been painted, not in the render that first shows it: on a slow connection it took the
  // bandwidth of that first screen's own code and pictures.
  const painted = usePaintedFor(reservation?.id ?? null);
  const state =
    base && painted ? (
      <Suspense fallback={null}>
        <OrderingState base={base} options={options} onChange={setOrdering} />
      </Suspense>
    ) : null;
  // A value reported for another reservation (the diner just switched) is not shown.
  const current = base && ordering?.reservation.id === base.reservation.id ? ordering : null;
  return [current, state];
}
