import type { RestaurantDetail } from '@comensal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { newReservationValues } from '@/features/reservations/form-model';
import { useSubmitReservation } from '@/features/reservations/use-submit-reservation';
import { BOOKED_FLAG } from './booked-notice';
import { ReservationForm } from './reservation-form';
import { LoadError } from './load-error';
import { LoadingBlock } from '@/components/ui/loading-block';
import { ReservationFrame } from './reservation-frame';

/**
 * `restaurant.reservation` (docs/product.md#reservation-kind): book a table, a pickup or a
 * delivery.
 */
export function NewReservationPage({
  restaurantId,
  restaurant,
  table,
  room,
}: {
  restaurantId: string;
  /** The restaurant's profile, as the restaurant pages load and cache it (the route passes it on). */
  restaurant: UseQueryResult<RestaurantDetail>;
  table: string | null;
  room: string | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [now] = useState(() => new Date());
  const { submit, isPending, errorId } = useSubmitReservation(restaurantId, null, (reservation) => {
    void navigate(
      href(
        'restaurant.reservation.summary',
        { restaurantId, reservationId: reservation.id },
        { [BOOKED_FLAG]: '1' },
      ),
    );
  });

  return (
    <ReservationFrame title={t('page.restaurant.reservation.title')}>
      {restaurant.isPending ? (
        <LoadingBlock />
      ) : restaurant.isError ? (
        <LoadError
          error={restaurant.error}
          onRetry={() => void restaurant.refetch()}
          isRetrying={restaurant.isFetching}
        />
      ) : (
        <>
          <p className="text-lg font-semibold">{restaurant.data.name}</p>
          <ReservationForm
            restaurant={restaurant.data}
            initial={newReservationValues(restaurant.data, now, { table, room })}
            mode="create"
            isPending={isPending}
            errorId={errorId}
            onSubmit={submit}
          />
        </>
      )}
    </ReservationFrame>
  );
}
