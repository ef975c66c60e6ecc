import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { reservationKeys } from './api/reservation-keys';
import { reservationErrorMessage } from './reservation-errors';

/** A change to a reservation: the answer replaces the cached one; failures are told, translated. */
export function useReservationAction<T>(
  reservationId: string,
  action: () => Promise<T>,
  onDone?: (result: T) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onError: (error) => notify('error', reservationErrorMessage(error)),
    onSuccess: (result) => {
      if (result && typeof result === 'object' && 'id' in result) {
        queryClient.setQueryData(reservationKeys.detail(reservationId), result);
      }
      void queryClient.invalidateQueries({ queryKey: reservationKeys.lists() });
      onDone?.(result);
    },
  });
}
