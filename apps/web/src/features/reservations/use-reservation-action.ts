import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { reservationKey } from './api/get-reservation';
import { reservationListsKey } from './api/list-reservations';
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
        queryClient.setQueryData(reservationKey(reservationId), result);
      }
      void queryClient.invalidateQueries({ queryKey: reservationListsKey });
      onDone?.(result);
    },
  });
}
