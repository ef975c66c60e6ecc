import { useId } from 'react';
import { Link } from 'react-router';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useOrdering } from '@/features/orders/ordering';
import { useReservationLabel } from '@/features/orders/reservation-label';

/**
 * Which reservation the dishes go to, on the menu and the product page: said plainly when there is
 * one, a choice when the diner has several here (kept for the visit); and the way to the table's order.
 */
export function OrderFor() {
  const t = useT();
  const ordering = useOrdering();
  const labelOf = useReservationLabel();
  const selectId = useId();
  const reservation = ordering?.reservation;
  if (!ordering || !reservation) return null;
  const { reservations, chooseReservation } = ordering;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-line bg-white p-4">
      {reservations.length > 1 ? (
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <label htmlFor={selectId} className="font-semibold">
            {t('order.for.choose')}
          </label>
          <select
            id={selectId}
            value={reservation.id}
            onChange={(event) => chooseReservation(event.target.value)}
            className="min-h-11 w-full rounded-xl border-2 border-line bg-white px-3 text-base"
          >
            {reservations.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {labelOf(choice)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="min-w-0 flex-1 basis-64">{t('order.for.one', { reservation: labelOf(reservation) })}</p>
      )}
      <Link
        to={href('restaurant.reservation.order', {
          restaurantId: reservation.restaurantId,
          reservationId: reservation.id,
        })}
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
      >
        {t('order.for.seeOrder')}
      </Link>
    </div>
  );
}
