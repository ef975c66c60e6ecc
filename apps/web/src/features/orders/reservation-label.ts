import type { Reservation } from '@comensal/contracts';
import { useCallback } from 'react';
import { useLocale, useT } from '@/lib/i18n';

/** "Mon, Jan 7" for a restaurant-local 'YYYY-MM-DD' (formatted at UTC, so the day never shifts). */
export function shortLocalDate(date: string, locale: string): string {
  const [year = 2000, month = 1, day = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, day));
}

/** "Mon, Jan 7, 13:00 · Table 4" (or Pickup, Delivery): which reservation an order goes to. */
export function useReservationLabel(): (reservation: Reservation) => string {
  const t = useT();
  const { locale } = useLocale();
  return useCallback(
    (reservation: Reservation) => {
      const place =
        reservation.kind === 'pickup'
          ? t('reservation.kind.pickup')
          : reservation.kind === 'delivery'
            ? t('reservation.kind.delivery')
            : reservation.table
              ? t('reservation.table', { number: reservation.table.number })
              : t('reservation.kind.table');
      return t('order.reservation.label', {
        date: shortLocalDate(reservation.date, locale),
        time: reservation.startAt,
        place,
      });
    },
    [t, locale],
  );
}
