import type { CreateReservationInput, Reservation, UpdateReservationInput } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { track } from '@/lib/analytics/track';
import { isClientError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { logFailure } from '@/lib/log';
import { createReservation } from './api/create-reservation';
import { availabilityKey } from './api/get-availability';
import { reservationKey } from './api/get-reservation';
import { reservationListsKey } from './api/list-reservations';
import { updateReservation } from './api/update-reservation';
import type { ReservationFormValues } from './form-model';
import { RESERVATION_SAVE_ERROR, reservationErrorMessage } from './reservation-errors';

export function createInputOf(restaurantId: string, values: ReservationFormValues): CreateReservationInput {
  const comments = values.comments.trim();
  return {
    restaurantId,
    date: values.date,
    startAt: values.startAt,
    duration: values.duration,
    quantity: values.quantity,
    ...(comments && { comments }),
    ...(values.kind === 'table' && values.table && { table: values.table }),
    ...(values.kind === 'pickup' && { pickup: true }),
    ...(values.kind === 'delivery' &&
      values.location && {
        delivery: { address: { line: values.address.trim(), location: values.location } },
      }),
  };
}

export function updateInputOf(values: ReservationFormValues): UpdateReservationInput {
  const comments = values.comments.trim();
  return {
    date: values.date,
    startAt: values.startAt,
    duration: values.duration,
    quantity: values.quantity,
    comments: comments || null,
    ...(values.kind === 'table' && { table: values.table }),
  };
}

/** Creates (no `reservationId`) or changes a reservation; a refused slot refreshes availability. */
export function useSubmitReservation(
  restaurantId: string,
  reservationId: string | null,
  onSaved: (reservation: Reservation) => void,
) {
  const queryClient = useQueryClient();
  const [errorId, setErrorId] = useState<MessageId | null>(null);
  const mutation = useMutation({
    // one key per submit: a retry after a lost answer is not a second reservation
    mutationFn: ({ values, key }: { values: ReservationFormValues; key: string }) =>
      reservationId
        ? updateReservation(reservationId, updateInputOf(values))
        : createReservation(createInputOf(restaurantId, values), key),
    retry: retryUnanswered,
    onMutate: () => setErrorId(null),
    onError: (error) => {
      // A refusal the server explained (a 4xx with its code) is told to the diner; anything else is logged too.
      if (!isClientError(error)) logFailure(RESERVATION_SAVE_ERROR, error);
      setErrorId(reservationErrorMessage(error));
      void queryClient.invalidateQueries({ queryKey: availabilityKey(restaurantId) });
    },
    onSuccess: (reservation) => {
      if (!reservationId) track({ name: 'reserve', restaurantId, kind: reservation.kind });
      queryClient.setQueryData(reservationKey(reservation.id), reservation);
      void queryClient.invalidateQueries({ queryKey: reservationListsKey });
      void queryClient.invalidateQueries({ queryKey: availabilityKey(restaurantId) });
      onSaved(reservation);
    },
  });
  const submit = (values: ReservationFormValues) => mutation.mutate({ values, key: newIdempotencyKey() });
  return { submit, isPending: mutation.isPending, errorId };
}
