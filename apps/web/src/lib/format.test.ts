import { describe, expect, it } from 'vitest';
import {
  dateLocale,
  formatDate,
  formatDateTime,
  formatTime,
  fullAddress,
  WEEKDAYS_MONDAY_FIRST,
  weekdayName,
} from './format';

const evening = new Date(2025, 11, 24, 21, 5);

describe('date and time display (docs/product.md#times-and-time-zones)', () => {
  it('starts weeks on Monday in both languages', () => {
    expect(dateLocale('es-ES').options?.weekStartsOn).toBe(1);
    expect(dateLocale('en-US').options?.weekStartsOn).toBe(1);
    expect(WEEKDAYS_MONDAY_FIRST.map((day) => weekdayName(day, 'es-ES'))).toEqual([
      'lunes',
      'martes',
      'miércoles',
      'jueves',
      'viernes',
      'sábado',
      'domingo',
    ]);
    expect(weekdayName(1, 'en-US')).toBe('Monday');
  });

  it('uses the 24-hour clock', () => {
    expect(formatTime(evening, 'en-US')).toBe('21:05');
    expect(formatTime(evening, 'es-ES')).toBe('21:05');
  });

  it('labels dates in the chosen language', () => {
    expect(formatDate(evening, 'es-ES')).toBe('24 de diciembre de 2025');
    expect(formatDate(evening, 'en-US')).toBe('December 24th, 2025');
    expect(formatDateTime(evening, 'es-ES')).toBe('24 dic 2025, 21:05');
  });
});

describe('restaurant addresses: the city said once', () => {
  it.each([
    [
      'Antonia López de Bello 0126, Providencia, Santiago',
      'Santiago',
      'Antonia López de Bello 0126, Providencia, Santiago',
    ],
    ['Rue de Rollebeek 14, 1000 Bruxelles', 'Brussels', 'Rue de Rollebeek 14, 1000 Bruxelles'],
    ['Almirante Montt 448 Valparaiso', 'Valparaíso', 'Almirante Montt 448 Valparaiso'],
    ['Westerstraat 118', 'Amsterdam', 'Westerstraat 118, Amsterdam'],
    ['Westerstraat 118', '', 'Westerstraat 118'],
  ])('%s in %s reads %s', (address, city, expected) => {
    expect(fullAddress({ address, city })).toBe(expected);
  });
});
