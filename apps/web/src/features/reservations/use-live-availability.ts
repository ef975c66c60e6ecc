import type {
  AVAILABILITY_CHANGED_EVENT as CONTRACT_AVAILABILITY_CHANGED_EVENT,
  availabilityTopic as contractAvailabilityTopic,
} from '@comensal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLiveTopic } from '@/lib/live';
import { availabilityKey } from '@/features/reservations/api/get-availability';

// The live contract's names, restated so the booking form loads no zod (as the menu does).
const AVAILABILITY_CHANGED_EVENT: typeof CONTRACT_AVAILABILITY_CHANGED_EVENT = 'availability.changed';
const availabilityTopic: typeof contractAvailabilityTopic = (restaurantId) =>
  `restaurant:${restaurantId}:availability`;

/**
 * Keeps an open booking form's tables live (docs/product.md#booking-slots): `availability.changed`
 * on `restaurant:<id>:availability` (a reservation made, moved or cancelled there), a
 * (re)subscription or a server resync refetch the restaurant's availability at once, so a table
 * someone else takes greys out without waiting for the submit.
 */
export function useLiveAvailability(restaurantId: string): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: availabilityKey(restaurantId) });
  }, [queryClient, restaurantId]);
  useLiveTopic(
    restaurantId ? availabilityTopic(restaurantId) : null,
    (event) => {
      if (event.event === AVAILABILITY_CHANGED_EVENT) refresh();
    },
    { onResync: refresh },
  );
}
