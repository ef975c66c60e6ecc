import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  addDays,
  instantFromLocal,
  localWeekdayAndTime,
  type LocalDateTime,
  weekdayOfDate,
} from './local-time.ts';

describe('localWeekdayAndTime', () => {
  it.each<[string, string, LocalDateTime]>([
    // same instant, different zones (southern winter: Santiago UTC−4, Madrid UTC+2)
    ['2024-07-15T03:30:00Z', 'America/Santiago', { weekday: 0, time: '23:30', date: '2024-07-14' }],
    ['2024-07-15T03:30:00Z', 'Europe/Madrid', { weekday: 1, time: '05:30', date: '2024-07-15' }],
    ['2024-07-15T03:30:00Z', 'America/Lima', { weekday: 0, time: '22:30', date: '2024-07-14' }],
    ['2024-07-15T03:30:00Z', 'UTC', { weekday: 1, time: '03:30', date: '2024-07-15' }],
    // southern summer: Santiago UTC−3, Madrid UTC+1
    ['2024-01-15T12:00:00Z', 'America/Santiago', { weekday: 1, time: '09:00', date: '2024-01-15' }],
    ['2024-01-15T12:00:00Z', 'Europe/Madrid', { weekday: 1, time: '13:00', date: '2024-01-15' }],
    // seconds are dropped, not rounded
    ['2024-01-15T12:00:59.999Z', 'UTC', { weekday: 1, time: '12:00', date: '2024-01-15' }],
    // midnight is 00:00 (h23), never 24:00
    ['2024-01-15T00:00:00Z', 'UTC', { weekday: 1, time: '00:00', date: '2024-01-15' }],
    // Santiago DST starts 2024-09-08 00:00 → 01:00
    ['2024-09-08T03:59:00Z', 'America/Santiago', { weekday: 6, time: '23:59', date: '2024-09-07' }],
    ['2024-09-08T04:00:00Z', 'America/Santiago', { weekday: 0, time: '01:00', date: '2024-09-08' }],
    // Madrid DST starts 2024-03-31 02:00 → 03:00
    ['2024-03-31T00:59:00Z', 'Europe/Madrid', { weekday: 0, time: '01:59', date: '2024-03-31' }],
    ['2024-03-31T01:00:00Z', 'Europe/Madrid', { weekday: 0, time: '03:00', date: '2024-03-31' }],
    // Madrid DST ends 2024-10-27 03:00 → 02:00: 02:30 happens twice
    ['2024-10-27T00:30:00Z', 'Europe/Madrid', { weekday: 0, time: '02:30', date: '2024-10-27' }],
    ['2024-10-27T01:30:00Z', 'Europe/Madrid', { weekday: 0, time: '02:30', date: '2024-10-27' }],
    // leap day
    ['2024-02-29T12:00:00Z', 'Europe/Madrid', { weekday: 4, time: '13:00', date: '2024-02-29' }],
  ])('%s in %s', (iso, timeZone, expected) => {
    expect(localWeekdayAndTime(new Date(iso), timeZone)).toEqual(expected);
  });

  it('rejects an invalid Date and an unknown zone', () => {
    expectDomainError(() => localWeekdayAndTime(new Date('nope'), 'UTC'), 'INVALID_TIME');
    expectDomainError(
      () => localWeekdayAndTime(new Date('2024-01-01T00:00:00Z'), 'Mars/Olympus'),
      'INVALID_TIME_ZONE',
    );
  });
});

describe('instantFromLocal', () => {
  it.each([
    ['2024-07-15', '12:00', 'Europe/Madrid', '2024-07-15T10:00:00.000Z'],
    ['2024-01-15', '12:00', 'Europe/Madrid', '2024-01-15T11:00:00.000Z'],
    ['2024-01-15', '12:00', 'America/Santiago', '2024-01-15T15:00:00.000Z'],
    ['2024-07-15', '12:00', 'America/Santiago', '2024-07-15T16:00:00.000Z'],
    ['2024-07-15', '23:45', 'America/Lima', '2024-07-16T04:45:00.000Z'],
    // gap: Madrid 02:30 does not exist on 2024-03-31 → moved forward by the hour (03:30 CEST)
    ['2024-03-31', '02:30', 'Europe/Madrid', '2024-03-31T01:30:00.000Z'],
    // gap: Santiago 00:30 does not exist on 2024-09-08 → 01:30 −03
    ['2024-09-08', '00:30', 'America/Santiago', '2024-09-08T04:30:00.000Z'],
    // overlap: Madrid 02:30 happens twice on 2024-10-27 → the earlier (CEST)
    ['2024-10-27', '02:30', 'Europe/Madrid', '2024-10-27T00:30:00.000Z'],
    // overlap: Santiago 23:30 happens twice on 2024-04-06 → the earlier (−03)
    ['2024-04-06', '23:30', 'America/Santiago', '2024-04-07T02:30:00.000Z'],
  ])('%s %s %s → %s', (date, time, timeZone, iso) => {
    expect(instantFromLocal(date, time, timeZone).toISOString()).toBe(iso);
  });

  it('round-trips with localWeekdayAndTime outside DST edges', () => {
    for (const timeZone of ['America/Santiago', 'Europe/Madrid', 'America/Lima', 'America/Caracas']) {
      for (const [date, time] of [
        ['2024-05-01', '00:00'],
        ['2024-12-31', '23:59'],
        ['2025-06-15', '13:15'],
      ] as const) {
        const local = localWeekdayAndTime(instantFromLocal(date, time, timeZone), timeZone);
        expect({ date: local.date, time: local.time }).toEqual({ date, time });
      }
    }
  });

  it.each([
    ['2024-02-30', '12:00', 'UTC', 'INVALID_DATE'],
    ['2024-13-01', '12:00', 'UTC', 'INVALID_DATE'],
    ['24-01-01', '12:00', 'UTC', 'INVALID_DATE'],
    ['2024-01-01', '24:00', 'UTC', 'INVALID_TIME'],
    ['2024-01-01', '12:00', 'Nowhere/Town', 'INVALID_TIME_ZONE'],
  ] as const)('rejects %s %s %s with %s', (date, time, timeZone, code) => {
    expectDomainError(() => instantFromLocal(date, time, timeZone), code);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2024-07-14', 0],
    ['2024-07-15', 1],
    ['2024-02-29', 4],
    ['2000-01-01', 6],
  ] as const)('weekdayOfDate(%s) = %i', (date, weekday) => {
    expect(weekdayOfDate(date)).toBe(weekday);
  });

  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2023-02-28', 1, '2023-03-01'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-03-30', 2, '2024-04-01'],
    ['2024-07-15', 0, '2024-07-15'],
  ] as const)('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('rejects bad input', () => {
    expectDomainError(() => addDays('2024-02-30', 1), 'INVALID_DATE');
    expectDomainError(() => addDays('2024-02-01', 0.5), 'INVALID_DATE');
    expectDomainError(() => weekdayOfDate('yesterday'), 'INVALID_DATE');
  });
});
