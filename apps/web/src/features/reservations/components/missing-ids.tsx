import { useEffect } from 'react';
import { NotFound } from '@/components/errors/not-found';
import { useT } from '@/lib/i18n';
import { logFailure } from '@/lib/log';
import { reportAnError } from '@/lib/report-error';
import { MISSING_IDS } from '@/features/reservations/reservation-errors';

/**
 * A reservation screen reached without its ids (`/restaurants/x/reservations/summary` matches
 * the optional `:reservationId?`): logged (docs/product.md#product-log-messages) and shown as
 * "not found".
 */
export function MissingIds() {
  const t = useT();
  useEffect(() => {
    logFailure(MISSING_IDS);
    reportAnError('ids_missing', MISSING_IDS);
  }, []);
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <NotFound title={t('reservation.notFound.title')} message={t('reservation.notFound.message')} />
    </section>
  );
}
