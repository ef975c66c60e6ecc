import { createIntl, createIntlCache, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import esES from './es-ES.json';

const CATALOGS: Record<string, Record<string, string>> = { 'en-US': enUS, 'es-ES': esES };

/** Names of the ICU arguments of a message ({name}, {count, plural, …}), nested ones included. */
function argumentNames(elements: readonly MessageFormatElement[], names = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type !== 0 && 'value' in element && typeof element.value === 'string') {
      names.add(element.value);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) argumentNames(option.value, names);
    }
    if ('children' in element) argumentNames(element.children, names);
  }
  return names;
}

function parse(locale: string, message: string): readonly MessageFormatElement[] {
  const intl = createIntl({ locale }, createIntlCache());
  return intl.formatters.getMessageFormat(message, locale).getAst();
}

describe('message catalogs', () => {
  it('have exactly the same keys', () => {
    expect(Object.keys(esES).sort()).toEqual(Object.keys(enUS).sort());
  });

  it.each(Object.entries(CATALOGS))('%s has no empty message', (_locale, catalog) => {
    const empty = Object.entries(catalog).filter(([, value]) => value.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(Object.keys(enUS))('"%s" is valid ICU with the same arguments in both languages', (key) => {
    const english = argumentNames(parse('en-US', enUS[key as keyof typeof enUS]));
    const spanish = argumentNames(parse('es-ES', esES[key as keyof typeof esES]));
    expect([...spanish].sort()).toEqual([...english].sort());
  });
});

describe('privacy page catalogs (locales/privacy)', () => {
  it('have the same keys in both languages, none empty, no ICU arguments', async () => {
    const en = (await import('./privacy/en-US.json')).default as Record<string, string>;
    const es = (await import('./privacy/es-ES.json')).default as Record<string, string>;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const catalog of [en, es]) {
      for (const value of Object.values(catalog)) {
        expect(value.trim()).not.toBe('');
        expect(value).not.toMatch(/[{}]/);
      }
    }
  });
});
