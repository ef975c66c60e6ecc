/**
 * Spanish or English; the default locale is en-US, the alternative es-ES
 * (docs/product.md#language).
 */
export const SUPPORTED_LOCALES = ['es-ES', 'en-US'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'en-US';

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/**
 * The language choice (docs/product.md#language):
 * 1. the saved choice (local storage), when it is exactly a supported locale;
 * 2. otherwise 'es-ES' when the browser language starts with "es" (case-insensitive: es, es-CL, ES-mx);
 * 3. otherwise 'en-US'.
 */
export function pickLocale(saved: string | null, browserLanguage: string | undefined): SupportedLocale {
  if (isSupportedLocale(saved)) return saved;
  if (browserLanguage?.trim().toLowerCase().startsWith('es')) return 'es-ES';
  return DEFAULT_LOCALE;
}
