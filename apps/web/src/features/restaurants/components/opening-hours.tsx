import type { RestaurantDetail } from '@comensal/contracts';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { IconClock } from '@/components/ui/icons';
import { WEEKDAYS_MONDAY_FIRST, weekdayName } from '@/lib/format';
import { useLocale, useT } from '@/lib/i18n';

/** Opening hours per weekday, Monday first, in the restaurant's own time zone (said so). */
export function OpeningHours({
  hours,
  timeZone,
}: {
  hours: RestaurantDetail['openingHours'];
  timeZone: string;
}) {
  const t = useT();
  const intl = useIntl();
  const { locale } = useLocale();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold">
        <IconClock />
        {t('restaurant.hours.title')}
      </h2>
      <dl className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-white">
        {WEEKDAYS_MONDAY_FIRST.map((weekday) => {
          const windows = hours[weekday] ?? [];
          return (
            <div key={weekday} className="flex justify-between gap-4 px-4 py-2.5">
              <dt className="font-medium capitalize">{weekdayName(weekday, locale)}</dt>
              <dd className="text-right">
                {windows.length === 0
                  ? t('restaurant.hours.closed')
                  : intl.formatList(windows.map((window) => t('restaurant.hours.window', { ...window })))}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="text-sm text-ink-muted">{t('restaurant.hours.timeZone', { timeZone })}</p>
    </section>
  );
}
