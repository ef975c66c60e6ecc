import { DomainError } from '../errors.ts';

export const CURRENCY_CODES = ['CLP', 'PEN', 'EUR', 'VES', 'USD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/**
 * Locale + currency used to display money for a restaurant's country
 * (docs/product.md#currency-display).
 */
export interface DisplayCurrency {
  currency: CurrencyCode;
  locale: string;
}

const MINOR_UNIT_DIGITS: Readonly<Record<CurrencyCode, number>> = {
  CLP: 0,
  PEN: 2,
  EUR: 2,
  VES: 2,
  USD: 2,
};

const EURO_DISPLAY_COUNTRIES: ReadonlySet<string> = new Set(['NL', 'BE', 'ES']);

/** Number of decimal digits of the currency's minor unit: CLP 0, PEN/EUR/VES/USD 2. */
export function minorUnitDigits(currency: CurrencyCode): number {
  return MINOR_UNIT_DIGITS[currency];
}

/**
 * The display rule (docs/product.md#currency-display), applied literally:
 * NL, BE, ES → EUR with German formatting (`de-DE`); PE → PEN (`es-PE`);
 * every other country (including CL, VE, AR, unknown or empty) → CLP with Chilean formatting (`es-CL`).
 * `country` is an ISO 3166-1 alpha-2 code, case-insensitive.
 */
export function displayCurrencyForCountry(country: string): DisplayCurrency {
  const code = country.trim().toUpperCase();
  if (EURO_DISPLAY_COUNTRIES.has(code)) return { currency: 'EUR', locale: 'de-DE' };
  if (code === 'PE') return { currency: 'PEN', locale: 'es-PE' };
  return { currency: 'CLP', locale: 'es-CL' };
}

/** The currency money is shown in for a country (see {@link displayCurrencyForCountry}). */
export function currencyForCountry(country: string): CurrencyCode {
  return displayCurrencyForCountry(country).currency;
}

function assertMinorAmount(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new DomainError(
      'INVALID_AMOUNT',
      `amount must be an integer number of minor units, got ${amountMinor}`,
    );
  }
}

/**
 * Exact decimal string of an integer minor-unit amount, e.g. (123450, 2) → "1234.50".
 * Formatting from a string avoids binary floating-point error for large amounts.
 */
function minorToDecimalString(amountMinor: number, digits: number): `${number}` {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = String(Math.abs(amountMinor));
  if (digits === 0) return `${sign}${abs}` as `${number}`;
  const padded = abs.padStart(digits + 1, '0');
  const whole = padded.slice(0, -digits);
  const fraction = padded.slice(-digits);
  return `${sign}${whole}.${fraction}` as `${number}`;
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function currencyFormatter(
  locale: string,
  currency: CurrencyCode,
  fractionDigits: number,
): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats an integer minor-unit amount of `currency` with `locale`'s own symbols and separators.
 * Decimals are shown (always both of them) only when the amount has a non-zero fractional part.
 * @throws DomainError `INVALID_AMOUNT` when `amountMinor` is not a safe integer.
 */
export function formatMoneyIn(amountMinor: number, currency: CurrencyCode, locale: string): string {
  assertMinorAmount(amountMinor);
  const digits = minorUnitDigits(currency);
  const isFractional = digits > 0 && amountMinor % 10 ** digits !== 0;
  return currencyFormatter(locale, currency, isFractional ? digits : 0).format(
    minorToDecimalString(amountMinor, digits),
  );
}

/**
 * Formats money for a restaurant's country (docs/product.md#currency-display,
 * {@link displayCurrencyForCountry}).
 * `amountMinor` is in minor units of that display currency (cents for EUR/PEN, pesos for CLP).
 * Examples (Node 24, ICU 78): ES 123400 → "1.234 €", ES 123450 → "1.234,50 €",
 * PE 1200 → "S/ 12", PE 1250 → "S/ 12.50", CL 1234 → "$1.234" (U+00A0 where Intl puts a no-break space).
 * @throws DomainError `INVALID_AMOUNT` when `amountMinor` is not a safe integer.
 */
export function formatMoney(amountMinor: number, country: string): string {
  const { currency, locale } = displayCurrencyForCountry(country);
  return formatMoneyIn(amountMinor, currency, locale);
}

/**
 * Major units → integer minor units, rounding half away from zero at the minor unit
 * (decimal-exact: 1.005 EUR → 101, not 100). CLP: 1234.5 → 1235.
 * @throws DomainError `INVALID_AMOUNT` for non-finite input or a result outside the safe-integer range.
 */
export function toMinor(amountMajor: number, currency: CurrencyCode): number {
  if (!Number.isFinite(amountMajor)) {
    throw new DomainError('INVALID_AMOUNT', `amount must be a finite number, got ${amountMajor}`);
  }
  const digits = minorUnitDigits(currency);
  const abs = Math.abs(amountMajor);
  const text = String(abs);
  // Shift the decimal point in the decimal representation, not in binary: "1.005e2" is exactly 100.5.
  const shifted = text.includes('e') ? abs * 10 ** digits : Number(`${text}e${digits}`);
  const minor = Math.round(shifted) * (amountMajor < 0 ? -1 : 1);
  if (!Number.isSafeInteger(minor)) {
    throw new DomainError('INVALID_AMOUNT', `amount ${amountMajor} ${currency} is out of range`);
  }
  return minor === 0 ? 0 : minor;
}

/**
 * Integer minor units → major units (a plain number, e.g. 123450 EUR → 1234.5). For display use {@link formatMoney}.
 * @throws DomainError `INVALID_AMOUNT` when `amountMinor` is not a safe integer.
 */
export function toMajor(amountMinor: number, currency: CurrencyCode): number {
  assertMinorAmount(amountMinor);
  return amountMinor / 10 ** minorUnitDigits(currency);
}
