import { type CurrencyCode, formatMoneyIn } from '@comensal/domain';

/**
 * Money on the staff console, from the restaurant's currency (the console is told the currency,
 * not the country): formatted as diners see it (docs/product.md#currency-display).
 */
const LOCALE_OF: Readonly<Record<CurrencyCode, string>> = {
  EUR: 'de-DE',
  PEN: 'es-PE',
  CLP: 'es-CL',
  VES: 'es-CL',
  USD: 'es-CL',
};

export function staffMoney(amountMinor: number, currency: CurrencyCode): string {
  return formatMoneyIn(amountMinor, currency, LOCALE_OF[currency]);
}
