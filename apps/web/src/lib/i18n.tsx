import {
  DEFAULT_LOCALE,
  isSupportedLocale,
  pickLocale,
  SUPPORTED_LOCALES,
  type SupportedLocale,
} from '@comensal/domain';
import type { Localized } from '@comensal/contracts';
import { createContext, type ReactNode, use, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider, useIntl } from 'react-intl';
import type enUS from '@/locales/en-US.json';
import { localStore, STORAGE_KEYS, writeCookie } from './storage';

export { SUPPORTED_LOCALES, type SupportedLocale };

/** Every message id of the catalogs (the en-US catalog is the reference; a test keeps es-ES equal). */
export type MessageId = keyof typeof enUS;
export type Messages = Readonly<Record<MessageId, string>>;

const catalogLoaders: Readonly<Record<SupportedLocale, () => Promise<Messages>>> = {
  'es-ES': () => import('@/locales/es-ES.json').then((module) => module.default),
  'en-US': () => import('@/locales/en-US.json').then((module) => module.default),
};

/** Loads one catalog (each is its own chunk, so only the language in use is downloaded). */
export function loadMessages(locale: SupportedLocale): Promise<Messages> {
  return catalogLoaders[locale]();
}

/** The saved choice, else Spanish for an `es*` browser, else English (docs/product.md#language). */
export function detectLocale(
  browserLanguage: string | undefined = globalThis.navigator?.language,
): SupportedLocale {
  return pickLocale(localStore.get(STORAGE_KEYS.locale), browserLanguage);
}

/** Whether the diner chose a language on this device (a saved choice, not the browser's). */
export function hasSavedLocale(): boolean {
  return isSupportedLocale(localStore.get(STORAGE_KEYS.locale));
}

/** The cookie the server reads to write a page in the diner's language (apps/server first-screen.ts). */
export const LOCALE_COOKIE = 'locale';

/** Mirrors the language in use into {@link LOCALE_COOKIE} (a year; only the language, nothing else). */
export function saveLocaleCookie(
  locale: SupportedLocale,
  doc: Document | undefined = globalThis.document,
): void {
  writeCookie(LOCALE_COOKIE, locale, doc);
}

/** The `<html lang>` value of a locale: es-ES → "es", en-US → "en". */
export function htmlLang(locale: SupportedLocale): string {
  return locale.split('-')[0] ?? 'en';
}

/** Picks the text of the current language from a `{ es, en }` value, falling back to the other one. */
export function pickLocalized(value: Localized, locale: SupportedLocale): string {
  const primary = locale.startsWith('es') ? value.es : value.en;
  return primary || value.es || value.en;
}

const intlCache = createIntlCache();
let activeIntl: IntlShape | null = null;
const setActiveIntl = (intl: IntlShape) => {
  activeIntl = intl;
};

function makeIntl(locale: SupportedLocale, messages: Messages): IntlShape {
  return createIntl({ locale, messages, defaultLocale: DEFAULT_LOCALE }, intlCache);
}

/**
 * Translates outside React, once the provider has rendered (toasts use it).
 * Inside components use `useT()`.
 */
export function translate(id: MessageId, values?: Record<string, string | number>): string {
  if (!activeIntl) throw new Error('translate() called before the I18nProvider rendered');
  return activeIntl.formatMessage({ id }, values);
}

interface LocaleContextValue {
  locale: SupportedLocale;
  setLocale: (locale: SupportedLocale) => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale() needs an I18nProvider');
  return value;
}

/** `(value: { es, en }) => string` for the current language. */
export function useLocalized(): (value: Localized) => string {
  const { locale } = useLocale();
  return useCallback((value: Localized) => pickLocalized(value, locale), [locale]);
}

/** Typed `formatMessage` shortcut: `t('nav.home')`. */
export function useT(): (id: MessageId, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}

interface I18nProviderProps {
  locale: SupportedLocale;
  messages: Messages;
  children: ReactNode;
}

/**
 * react-intl for the chosen locale. `setLocale` saves the choice (localStorage `locale`),
 * loads that catalog and switches; `<html lang>` follows.
 */
export function I18nProvider({
  locale: initialLocale,
  messages: initialMessages,
  children,
}: I18nProviderProps) {
  const [state, setState] = useState({ locale: initialLocale, messages: initialMessages });
  const intl = useMemo(() => makeIntl(state.locale, state.messages), [state]);

  useLayoutEffect(() => {
    setActiveIntl(intl);
    document.documentElement.lang = htmlLang(state.locale);
  }, [intl, state.locale]);

  const setLocale = useCallback(async (next: SupportedLocale) => {
    if (!isSupportedLocale(next)) return;
    localStore.set(STORAGE_KEYS.locale, next);
    saveLocaleCookie(next);
    const messages = await loadMessages(next);
    setState({ locale: next, messages });
  }, []);

  const contextValue = useMemo(() => ({ locale: state.locale, setLocale }), [state.locale, setLocale]);

  return (
    <LocaleContext value={contextValue}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext>
  );
}
