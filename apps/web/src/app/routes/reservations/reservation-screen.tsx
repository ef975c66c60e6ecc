import type { Reservation } from '@comensal/contracts';
import type { ReactNode } from 'react';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { LoadError } from '@/features/reservations/components/load-error';
import { ReservationFrame } from '@/features/reservations/components/reservation-frame';

/**
 * A reservation screen composed from another feature (the bill, a payment's result or receipt):
 * the frame and the reservation's loading and errors, then `children` with the reservation.
 */
export function ReservationScreen({
  reservationId,
  title,
  children,
}: {
  reservationId: string;
  title: string;
  children: (reservation: Reservation) => ReactNode;
}) {
  const query = useReservation(reservationId);
  return (
    <ReservationFrame title={title}>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        children(query.data)
      )}
    </ReservationFrame>
  );
}
