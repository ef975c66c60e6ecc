import type { RestaurantDetail } from '@comensal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useReservation } from '@/features/reservations/api/get-reservation';
import { valuesOfReservation } from '@/features/reservations/form-model';
import { useSubmitReservation } from '@/features/reservations/use-submit-reservation';
import { ReservationForm } from './reservation-form';
import { LoadError } from './load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { ReservationFrame } from './reservation-frame';

/** `restaurant.reservation.modify` (creator only): the form, prefilled; saving PATCHes. */
export function ModifyReservationPage({
  restaurantId,
  restaurant,
  reservationId,
  userId,
}: {
  restaurantId: string;
  /** The restaurant's profile, as the restaurant pages load and cache it (the route passes it on). */
  restaurant: UseQueryResult<RestaurantDetail>;
  reservationId: string;
  userId: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const reservation = useReservation(reservationId);
  const { submit, isPending, errorId } = useSubmitReservation(restaurantId, reservationId, () => {
    notify('success', 'reservation.saved');
    void navigate(href('restaurant.reservation.summary', { restaurantId, reservationId }));
  });
  const failed = reservation.isError ? reservation : restaurant.isError ? restaurant : null;
  const current = reservation.data;
  const place = restaurant.data;

  return (
    <ReservationFrame title={t('page.restaurant.reservation.modify.title')}>
      {failed ? (
        <LoadError
          error={failed.error}
          onRetry={() => void failed.refetch()}
          isRetrying={failed.isFetching}
        />
      ) : !current || !place ? (
        <LoadingBlock />
      ) : current.createdBy !== userId || !current.isCurrent ? (
        <NotFound
          title={t('reservation.error.FORBIDDEN')}
          message={t('reservation.error.RESERVATION_CLOSED')}
          headingLevel={2}
        />
      ) : (
        <ReservationForm
          restaurant={place}
          initial={valuesOfReservation(current)}
          mode="modify"
          isPending={isPending}
          errorId={errorId}
          onSubmit={submit}
          own={{
            reservationId: current.id,
            table: current.table ? { roomId: current.table.roomId, tableId: current.table.tableId } : null,
          }}
        />
      )}
    </ReservationFrame>
  );
}
