import type { FunnelStep, StaffRestaurant } from '@comensal/contracts';
import { ErrorState } from '@/components/errors/error-state';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useDocumentTitle } from '@/lib/document-title';
import { formatLocalDate } from '@/lib/format';
import { type MessageId, useLocale, useT } from '@/lib/i18n';
import { useStaffFunnel } from '../api/get-staff-funnel';
import { funnelRows } from '../funnel-rates';
import { StaffDayPicker, useStaffDay } from './staff-day';

const STEP_LABELS: Readonly<Record<FunnelStep, MessageId>> = {
  restaurant: 'staff.funnel.step.restaurant',
  menu: 'staff.funnel.step.menu',
  add_to_cart: 'staff.funnel.step.add_to_cart',
  order_or_reserve: 'staff.funnel.step.order_or_reserve',
  pay: 'staff.funnel.step.pay',
};

/**
 * `staff.funnel` (staff and owners): how many visitors reached each step of a visit on a day,
 * from the app's own first-party events (docs/telemetry.md#the-funnel), with the share of the
 * first step and the drop-off from the step before.
 */
export function StaffFunnelPage({ restaurant }: { restaurant: StaffRestaurant }) {
  const t = useT();
  const { locale } = useLocale();
  const [date, setDate] = useStaffDay();
  const funnel = useStaffFunnel(restaurant.id, date);
  useDocumentTitle(`${t('staff.nav.funnel')} · ${restaurant.name}`);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const shown = (value: number | null) => (value === null ? '—' : percent.format(value / 100));

  return (
    <section aria-labelledby="staff-funnel" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="staff-funnel" className="text-2xl font-bold">
            {t('staff.funnel.title')}
          </h1>
          {funnel.data ? <p className="text-ink-muted">{formatLocalDate(funnel.data.date, locale)}</p> : null}
        </div>
        <StaffDayPicker
          label={t('staff.funnel.date')}
          value={date ?? funnel.data?.date ?? restaurant.today}
          onChange={setDate}
        />
      </div>
      <p className="text-ink-muted">{t('staff.funnel.explain')}</p>
      {funnel.isPending ? (
        <LoadingBlock />
      ) : funnel.isError ? (
        <ErrorState
          title={t('staff.error.load')}
          onRetry={() => void funnel.refetch()}
          isRetrying={funnel.isFetching}
        />
      ) : (
        <>
          {/* Scrolls sideways if a phone is narrower still: focusable so a keyboard can scroll it too. */}
          <div
            role="region"
            aria-label={t('staff.funnel.caption', { date: formatLocalDate(funnel.data.date, locale) })}
            tabIndex={0}
            className="overflow-x-auto rounded-2xl border border-line bg-white"
          >
            <table className="w-full text-left text-sm sm:text-base">
              <caption className="sr-only">
                {t('staff.funnel.caption', { date: formatLocalDate(funnel.data.date, locale) })}
              </caption>
              <thead className="bg-cream">
                <tr>
                  <th scope="col" className="p-2 sm:p-3">
                    {t('staff.funnel.step')}
                  </th>
                  <th scope="col" className="p-2 text-right sm:p-3">
                    {t('staff.funnel.visitors')}
                  </th>
                  <th scope="col" className="p-2 text-right sm:p-3">
                    {t('staff.funnel.ofFirst')}
                  </th>
                  <th scope="col" className="p-2 text-right sm:p-3">
                    {t('staff.funnel.dropOff')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {funnelRows(funnel.data.steps).map((row) => (
                  <tr key={row.step} className="border-t border-line" data-testid={`funnel-${row.step}`}>
                    <th scope="row" className="p-2 font-semibold sm:p-3">
                      {t(STEP_LABELS[row.step])}
                    </th>
                    <td className="p-2 text-right tabular-nums sm:p-3">{row.visitors}</td>
                    <td className="p-2 text-right tabular-nums sm:p-3">{shown(row.ofFirst)}</td>
                    <td className="p-2 text-right tabular-nums sm:p-3">{shown(row.dropOff)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-ink-muted">
            {t('staff.funnel.split', { orders: funnel.data.sendOrder, reservations: funnel.data.reserve })}
          </p>
        </>
      )}
    </section>
  );
}
