import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  currencyForCountry,
  displayCurrencyForCountry,
  formatMoney,
  formatMoneyIn,
  minorUnitDigits,
  toMajor,
  toMinor,
  type CurrencyCode,
} from './format-money.ts';

const NBSP = '\u00a0';

describe('displayCurrencyForCountry / currencyForCountry (docs/product.md#currency-display)', () => {
  it.each([
    ['ES', 'EUR', 'de-DE'],
    ['NL', 'EUR', 'de-DE'],
    ['BE', 'EUR', 'de-DE'],
    ['es', 'EUR', 'de-DE'],
    [' nl ', 'EUR', 'de-DE'],
    ['PE', 'PEN', 'es-PE'],
    ['pe', 'PEN', 'es-PE'],
    ['CL', 'CLP', 'es-CL'],
    ['VE', 'CLP', 'es-CL'],
    ['AR', 'CLP', 'es-CL'],
    ['US', 'CLP', 'es-CL'],
    ['FR', 'CLP', 'es-CL'],
    ['', 'CLP', 'es-CL'],
  ])('%j → %s with %s', (country, currency, locale) => {
    expect(displayCurrencyForCountry(country)).toEqual({ currency, locale });
    expect(currencyForCountry(country)).toBe(currency);
  });
});

describe('minorUnitDigits', () => {
  it.each([
    ['CLP', 0],
    ['PEN', 2],
    ['EUR', 2],
    ['VES', 2],
    ['USD', 2],
  ] as const)('%s has %i minor digits', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });

  it('matches what Intl reports for each currency', () => {
    for (const currency of ['CLP', 'PEN', 'EUR', 'VES', 'USD'] as const) {
      const intlDigits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
      expect(minorUnitDigits(currency)).toBe(intlDigits);
    }
  });
});

describe('formatMoney', () => {
  // Exact characters, including the no-break spaces Intl emits (Node 24 / ICU 78).
  it.each([
    // EUR, German formatting: group ".", decimal ",", NBSP before €; decimals only when fractional
    ['ES', 123400, `1.234${NBSP}€`],
    ['ES', 123450, `1.234,50${NBSP}€`],
    ['ES', 123401, `1.234,01${NBSP}€`],
    ['ES', 5, `0,05${NBSP}€`],
    ['ES', 0, `0${NBSP}€`],
    ['NL', 1234567, `12.345,67${NBSP}€`],
    ['NL', 100000000, `1.000.000${NBSP}€`],
    ['BE', 250, `2,50${NBSP}€`],
    ['BE', -250, `-2,50${NBSP}€`],
    // PEN, es-PE: "S/" + NBSP, group ",", decimal "."
    ['PE', 1200, `S/${NBSP}12`],
    ['PE', 1250, `S/${NBSP}12.50`],
    ['PE', 123450, `S/${NBSP}1,234.50`],
    ['PE', 123400, `S/${NBSP}1,234`],
    // CLP, es-CL: whole pesos, "." groups, no space after "$"
    ['CL', 1234, '$1.234'],
    ['CL', 0, '$0'],
    ['CL', 15000, '$15.000'],
    ['CL', 1234567, '$1.234.567'],
    // any other country uses CLP with Chilean formatting
    ['VE', 1234567, '$1.234.567'],
    ['AR', 999, '$999'],
    ['', 15000, '$15.000'],
  ])('%j %i → %j', (country, amountMinor, expected) => {
    expect(formatMoney(amountMinor, country)).toBe(expected);
  });

  it('never shows German decimals for a whole amount and always two for a fractional one', () => {
    expect(formatMoney(1000, 'ES')).not.toContain(',');
    expect(formatMoney(1010, 'ES')).toMatch(/,10\u00a0€$/);
  });

  it('is exact for amounts beyond float-safe decimal arithmetic', () => {
    // 90071992547409.91 cannot be represented exactly as a double; formatting goes through a decimal string.
    expect(formatMoney(9007199254740991, 'ES')).toBe(`90.071.992.547.409,91${NBSP}€`);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'rejects %s (not a safe integer of minor units)',
    (amount) => {
      expectDomainError(() => formatMoney(amount, 'CL'), 'INVALID_AMOUNT');
    },
  );
});

describe('formatMoneyIn', () => {
  it.each([
    [123450, 'VES', 'es-VE', `Bs.S${NBSP}1.234,50`],
    [123400, 'VES', 'es-VE', `Bs.S${NBSP}1.234`],
    [1999, 'USD', 'en-US', '$19.99'],
    [2000, 'USD', 'en-US', '$20'],
  ] as const)('%i %s in %s → %j', (amountMinor, currency, locale, expected) => {
    expect(formatMoneyIn(amountMinor, currency, locale)).toBe(expected);
  });
});

describe('toMinor / toMajor', () => {
  it.each<[number, CurrencyCode, number]>([
    [1234.5, 'EUR', 123450],
    [12, 'PEN', 1200],
    [19.99, 'USD', 1999],
    [0.1 + 0.2, 'EUR', 30],
    [1.005, 'EUR', 101], // half away from zero, decimal-exact
    [1.255, 'EUR', 126],
    [-1.005, 'EUR', -101],
    [1234, 'CLP', 1234],
    [1234.5, 'CLP', 1235],
    [1234.4, 'CLP', 1234],
    [-0.001, 'EUR', 0],
    [1e-7, 'EUR', 0],
  ])('toMinor(%s, %s) = %i', (major, currency, minor) => {
    expect(Object.is(toMinor(major, currency), minor)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e21])('toMinor rejects %s', (major) => {
    expectDomainError(() => toMinor(major, 'CLP'), 'INVALID_AMOUNT');
  });

  it.each<[number, CurrencyCode, number]>([
    [123450, 'EUR', 1234.5],
    [1999, 'USD', 19.99],
    [1234, 'CLP', 1234],
    [-5, 'PEN', -0.05],
  ])('toMajor(%i, %s) = %s', (minor, currency, major) => {
    expect(toMajor(minor, currency)).toBe(major);
  });

  it('toMajor rejects fractional minor units', () => {
    expectDomainError(() => toMajor(1.5, 'EUR'), 'INVALID_AMOUNT');
  });

  it('round-trips', () => {
    for (const minor of [0, 1, 99, 100, 123456, 999999999]) {
      expect(toMinor(toMajor(minor, 'EUR'), 'EUR')).toBe(minor);
    }
  });
});
