import type { Reservation } from '@comensal/contracts';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { clearOrdersReady } from '@/features/reservations/api/set-reservation-flags';
import { useReservationAction } from '@/features/reservations/use-reservation-action';

/** "Your orders are ready" while the notification is set; anyone may clear it. */
export function OrdersReadyBanner({ reservation }: { reservation: Reservation }) {
  const t = useT();
  const clear = useReservationAction(reservation.id, () => clearOrdersReady(reservation.id));
  if (!reservation.ordersReadyNotification) return null;
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
