import { act, fireEvent, render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import enUS from '@/locales/en-US.json';
import {
  detectLocale,
  hasSavedLocale,
  htmlLang,
  I18nProvider,
  loadMessages,
  pickLocalized,
  saveLocaleCookie,
  translate,
} from './i18n';

describe('detectLocale (docs/product.md#language)', () => {
  it.each([
    [null, 'es-CL', 'es-ES'],
    [null, 'es', 'es-ES'],
    [null, 'ES-mx', 'es-ES'],
    [null, 'en-GB', 'en-US'],
    [null, 'fr-FR', 'en-US'],
    [null, undefined, 'en-US'],
    ['en-US', 'es-ES', 'en-US'],
    ['es-ES', 'en-US', 'es-ES'],
    ['de-DE', 'es-AR', 'es-ES'],
    ['garbage', 'en-US', 'en-US'],
  ])('saved %s, browser %s → %s', (saved, browser, expected) => {
    if (saved !== null) localStorage.setItem('locale', saved);
    expect(detectLocale(browser)).toBe(expected);
  });

  it('is mirrored into a cookie the server reads, written only when it changes', () => {
    const writes: string[] = [];
    const doc = {
      cookie: 'other=1',
    } as Document;
    const recording = new Proxy(doc, {
      set: (target, key, value: string) => {
        writes.push(value);
        (target as { cookie: string }).cookie = value.split(';')[0] ?? '';
        return true;
      },
    });
    // only a choice made on this device is mirrored (main.tsx asks this first)
    expect(hasSavedLocale()).toBe(false);
    localStorage.setItem('locale', 'es-ES');
    expect(hasSavedLocale()).toBe(true);
    saveLocaleCookie('es-ES', recording);
    expect(writes).toEqual(['locale=es-ES; path=/; max-age=31536000; samesite=lax']);
    saveLocaleCookie('es-ES', recording);
    expect(writes).toHaveLength(1);
    saveLocaleCookie('en-US', recording);
    expect(writes.at(-1)).toBe('locale=en-US; path=/; max-age=31536000; samesite=lax');
  });

  it('maps locales to <html lang>', () => {
    expect(htmlLang('es-ES')).toBe('es');
    expect(htmlLang('en-US')).toBe('en');
  });
});

describe('pickLocalized', () => {
  it('takes the current language, falling back to the other', () => {
    expect(pickLocalized({ es: 'Hola', en: 'Hello' }, 'es-ES')).toBe('Hola');
    expect(pickLocalized({ es: 'Hola', en: 'Hello' }, 'en-US')).toBe('Hello');
    expect(pickLocalized({ es: 'Hola', en: '' }, 'en-US')).toBe('Hola');
  });
});

function Greeting() {
  const intl = useIntl();
  return <p>{intl.formatMessage({ id: 'nav.home' })}</p>;
}

describe('I18nProvider', () => {
  it('renders the detected language, sets <html lang> and switches on choice, saving it', async () => {
    const locale = detectLocale('es-CL');
    render(
      <I18nProvider locale={locale} messages={await loadMessages(locale)}>
        <Greeting />
        <LanguageSwitcher />
      </I18nProvider>,
    );
    expect(screen.getByText('Inicio')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    expect(translate('nav.home')).toBe('Inicio');

    const select = screen.getByRole('combobox', { name: 'Idioma' });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'en-US' } });
    });
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('locale')).toBe('en-US');
    // the server writes pages in this language (apps/server first-screen.ts)
    expect(document.cookie.split('; ')).toContain('locale=en-US');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(detectLocale('es-CL')).toBe('en-US');
  });

  it('loads each catalog on demand', async () => {
    expect(await loadMessages('en-US')).toEqual(enUS);
  });
});
