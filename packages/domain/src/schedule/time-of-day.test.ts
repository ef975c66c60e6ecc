import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  assertWeekday,
  formatTimeOfDay,
  isTimeOfDay,
  parseTimeOfDay,
  previousWeekday,
} from './time-of-day.ts';

describe('parseTimeOfDay', () => {
  it.each([
    ['00:00', 0],
    ['00:01', 1],
    ['09:05', 545],
    ['12:00', 720],
    ['23:59', 1439],
  ])('%s → %i', (time, minutes) => {
    expect(parseTimeOfDay(time)).toBe(minutes);
    expect(isTimeOfDay(time)).toBe(true);
  });

  it.each(['24:00', '9:05', '09:5', '09:60', '0900', '09:00:00', '', ' 09:00', '-1:00', 'ab:cd'])(
    'rejects %j with INVALID_TIME',
    (time) => {
      expect(isTimeOfDay(time)).toBe(false);
      expectDomainError(() => parseTimeOfDay(time), 'INVALID_TIME');
    },
  );
});

describe('formatTimeOfDay', () => {
  it.each([
    [0, '00:00'],
    [545, '09:05'],
    [1439, '23:59'],
    [1440, '00:00'],
    [1500, '01:00'],
    [-15, '23:45'],
  ])('%i → %s', (minutes, time) => {
    expect(formatTimeOfDay(minutes)).toBe(time);
  });

  it('rejects fractional minutes', () => {
    expectDomainError(() => formatTimeOfDay(1.5), 'INVALID_TIME');
  });
});

describe('weekdays', () => {
  it.each([0, 3, 6])('accepts %i', (weekday) => {
    expect(() => assertWeekday(weekday)).not.toThrow();
  });

  it.each([-1, 7, 1.5, Number.NaN, '1'])('rejects %j with INVALID_WEEKDAY', (weekday) => {
    expectDomainError(() => assertWeekday(weekday), 'INVALID_WEEKDAY');
  });

  it.each([
    [0, 6],
    [1, 0],
    [6, 5],
  ] as const)('previousWeekday(%i) = %i', (weekday, previous) => {
    expect(previousWeekday(weekday)).toBe(previous);
  });
});
