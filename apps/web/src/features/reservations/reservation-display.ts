import { formatTimeOfDay, MINUTES_PER_DAY, parseTimeOfDay } from '@comensal/domain';
import type { SupportedLocale } from '@/lib/i18n';
import { format as formatWithPattern } from 'date-fns';
import { dateLocale } from '@/lib/format';

export { formatLocalDate } from '@/lib/format';

/** "mar, 24 nov 2026" / "Tue, Nov 24, 2026": a day of the booking form's date list. */
export function formatDayOption(date: string, locale: SupportedLocale): string {
  const [year, month, day] = date.split('-').map(Number);
  return formatWithPattern(new Date(year ?? 2000, (month ?? 1) - 1, day ?? 1), 'EEE, PP', {
    locale: dateLocale(locale),
  });
}

/** "21:30–22:30": start and end in the restaurant's zone, 24-hour. */
export function formatTimeRange(startAt: string, duration: number): string {
  const end = (parseTimeOfDay(startAt) + duration) % MINUTES_PER_DAY;
  return `${startAt}–${formatTimeOfDay(end)}`;
}
