import type { Reservation } from '@comensal/contracts';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { clearOrdersReady } from '@/features/reservations/api/set-reservation-flags';
import { useReservationAction } from '@/features/reservations/use-reservation-action';

/**
 * "Your orders are ready" while the notification is set; anyone may clear it. When the restaurant
 * sets it while the page is open (a live update), a toast says so too.
 */
export function OrdersReadyBanner({ reservation }: { reservation: Reservation }) {
  const t = useT();
  const clear = useReservationAction(reservation.id, () => clearOrdersReady(reservation.id));
  const isReady = reservation.ordersReadyNotification;
  const wasReady = useRef(isReady);
  useEffect(() => {
    if (isReady && !wasReady.current) notify('success', 'reservation.ordersReady');
    wasReady.current = isReady;
  }, [isReady]);
  if (!isReady) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-brand-700 p-4 text-white"
    >
      <p className="font-semibold">{t('reservation.ordersReady')}</p>
      <Button variant="onDark" disabled={clear.isPending} onClick={() => clear.mutate()}>
        {t('reservation.ordersReady.clear')}
      </Button>
    </div>
  );
}
