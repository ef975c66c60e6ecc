import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, isSupportedLocale, pickLocale, SUPPORTED_LOCALES } from './locale.ts';

describe('locale constants', () => {
  it('supports es-ES and en-US, default en-US', () => {
    expect(SUPPORTED_LOCALES).toEqual(['es-ES', 'en-US']);
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it.each([
    ['es-ES', true],
    ['en-US', true],
    ['es', false],
    ['es-es', false],
    ['fr-FR', false],
    [null, false],
  ])('isSupportedLocale(%j) = %s', (value, expected) => {
    expect(isSupportedLocale(value)).toBe(expected);
  });
});

describe('pickLocale', () => {
  it.each<[string | null, string | undefined, string]>([
    // a saved supported choice wins over the browser
    ['es-ES', 'en-US', 'es-ES'],
    ['en-US', 'es-CL', 'en-US'],
    ['en-US', undefined, 'en-US'],
    // an unsupported saved value is ignored
    ['fr-FR', 'es-AR', 'es-ES'],
    ['es', 'en-GB', 'en-US'],
    ['', 'es', 'es-ES'],
    // browser language
    [null, 'es', 'es-ES'],
    [null, 'es-ES', 'es-ES'],
    [null, 'es-CL', 'es-ES'],
    [null, 'es-419', 'es-ES'],
    [null, 'ES-mx', 'es-ES'],
    [null, 'en-US', 'en-US'],
    [null, 'en-GB', 'en-US'],
    [null, 'fr', 'en-US'],
    [null, 'pt-BR', 'en-US'],
    [null, 'de-ES', 'en-US'], // region ES is not the Spanish language
    [null, '', 'en-US'],
    [null, undefined, 'en-US'],
  ])('saved %j, browser %j → %s', (saved, browser, expected) => {
    expect(pickLocale(saved, browser)).toBe(expected);
  });
});
