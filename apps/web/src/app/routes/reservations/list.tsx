import { ReservationListPage } from '@/features/reservations/components/reservation-list-page';
import { useLeafHandle } from '@/app/route-handle';

/** `/reservations/current` and `/reservations/historial`: the type comes from the matched route. */
export function Component() {
  const name = useLeafHandle()?.name;
  return (
    <ReservationListPage key={name} type={name === 'reservations.historial' ? 'historial' : 'current'} />
  );
}
