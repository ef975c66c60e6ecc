import type { Reservation } from '@comensal/contracts';
import { useT } from '@/lib/i18n';

/** Query flag the new-reservation page adds to the summary's URL right after booking. */
export const BOOKED_FLAG = 'booked';

/**
 * "Your table is booked", on the reservation's summary right after creating it (the new
 * reservation page lands there with `?booked=1`), with the nudge to invite friends (the
 * summary's own "Invite" action is right below).
 */
export function BookedNotice({ reservation }: { reservation: Reservation }) {
  const t = useT();
  return (
    <div role="status" className="flex flex-col gap-2 rounded-2xl border-2 border-brand-700 bg-brand-50 p-4">
      <h2 className="text-2xl font-bold">
        {reservation.kind !== 'table'
          ? t('reservation.confirmation.pickupTitle')
          : t('reservation.confirmation.title')}
      </h2>
      <p className="text-lg">{t('reservation.confirmation.text')}</p>
    </div>
  );
}
