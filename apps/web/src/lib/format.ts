import type { SupportedLocale } from '@comensal/domain';
import { format as formatWithPattern, type Locale as DateFnsLocale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';

/**
 * Date and time display (docs/product.md#times-and-time-zones): localized labels, weeks start on
 * Monday, 24-hour clock. Money is formatted with `formatMoney(amountMinor, country)` from
 * `@comensal/domain`.
 */

const WEEK_STARTS_ON_MONDAY = 1 as const;

const DATE_LOCALES: Readonly<Record<SupportedLocale, DateFnsLocale>> = {
  'es-ES': { ...es, options: { ...es.options, weekStartsOn: WEEK_STARTS_ON_MONDAY } },
  'en-US': { ...enUS, options: { ...enUS.options, weekStartsOn: WEEK_STARTS_ON_MONDAY } },
};

export function dateLocale(locale: SupportedLocale): DateFnsLocale {
  return DATE_LOCALES[locale];
}

/** Weekday numbers (0 = Sunday … 6 = Saturday, as stored) in display order, Monday first. */
export const WEEKDAYS_MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
export type WeekdayNumber = (typeof WEEKDAYS_MONDAY_FIRST)[number];

/** "lunes" / "Monday". */
export function weekdayName(weekday: WeekdayNumber, locale: SupportedLocale): string {
  return dateLocale(locale).localize.day(weekday, { width: 'wide' });
}

/** "24 de diciembre de 2025" / "December 24th, 2025". */
export function formatDate(date: Date, locale: SupportedLocale): string {
  return formatWithPattern(date, 'PPP', { locale: dateLocale(locale) });
}

/** "24 de diciembre de 2025" for a restaurant-local 'YYYY-MM-DD' (no time zone shift). */
export function formatLocalDate(date: string, locale: SupportedLocale): string {
  const [year, month, day] = date.split('-').map(Number);
  return formatDate(new Date(year ?? 2000, (month ?? 1) - 1, day ?? 1), locale);
}

/** Always 24-hour: "21:30". */
export function formatTime(date: Date, locale: SupportedLocale): string {
  return formatWithPattern(date, 'HH:mm', { locale: dateLocale(locale) });
}

/** "24 dic 2025, 21:30" / "Dec 24, 2025, 21:30". */
export function formatDateTime(date: Date, locale: SupportedLocale): string {
  return `${formatWithPattern(date, 'PP', { locale: dateLocale(locale) })}, ${formatTime(date, locale)}`;
}

/** Lower case without accents, for comparing place names ("Valparaíso" and "Valparaiso"). */
const placeKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * A restaurant's address as the diner reads it, the city said once: the city is added only to a
 * bare street line. An address that names it already, or has a locality after a comma (a postal
 * code and town, a district — maybe in the local language: "1000 Bruxelles" for Brussels), is
 * shown as written.
 */
export function fullAddress({ address, city }: { address: string; city: string }): string {
  if (!city || address.includes(',') || placeKey(address).includes(placeKey(city))) return address;
  return `${address}, ${city}`;
}
