import type { Reservation } from '@comensal/contracts';
import { useCallback, useState } from 'react';
import { sessionStore, STORAGE_KEYS } from '@/lib/storage';

/**
 * Which reservation the diner orders for at a restaurant: one of their current reservations there
 * (not cancelled, not over; one that has not started yet takes pre-orders). With several, the
 * diner picks one and the choice is kept for the visit (sessionStorage `orderFor`).
 */

/** The reservations of `list` (the diner's current ones, soonest first) that take orders at `restaurantId`. */
export function orderingReservations(list: readonly Reservation[], restaurantId: string): Reservation[] {
  return list.filter(
    (reservation) =>
      reservation.restaurantId === restaurantId &&
      reservation.status !== 'cancelled' &&
      reservation.isCurrent,
  );
}

type Remembered = Record<string, string>;

function remembered(): Remembered {
  const value = sessionStore.getJson(STORAGE_KEYS.orderFor);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function rememberedOrderTarget(restaurantId: string): string | null {
  return remembered()[restaurantId] ?? null;
}

export function rememberOrderTarget(restaurantId: string, reservationId: string): void {
  sessionStore.setJson(STORAGE_KEYS.orderFor, { ...remembered(), [restaurantId]: reservationId });
}

/** The chosen reservation when it is still one of `choices`, else the soonest. */
export function pickOrderTarget(
  choices: readonly Reservation[],
  chosenId: string | null,
): Reservation | null {
  return choices.find((reservation) => reservation.id === chosenId) ?? choices[0] ?? null;
}

/** The reservation to order for among `choices`, and a way to choose another (remembered for the visit). */
export function useOrderTarget(
  restaurantId: string,
  choices: readonly Reservation[],
): [Reservation | null, (reservationId: string) => void] {
  const [chosen, setChosen] = useState(() => ({ restaurantId, id: rememberedOrderTarget(restaurantId) }));
  const chosenId = chosen.restaurantId === restaurantId ? chosen.id : rememberedOrderTarget(restaurantId);
  const choose = useCallback(
    (reservationId: string) => {
      rememberOrderTarget(restaurantId, reservationId);
      setChosen({ restaurantId, id: reservationId });
    },
    [restaurantId],
  );
  return [pickOrderTarget(choices, chosenId), choose];
}
