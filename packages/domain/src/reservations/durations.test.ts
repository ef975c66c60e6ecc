import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  ALL_DURATIONS,
  assertDuration,
  DEFAULT_DURATION,
  DEFAULT_QUANTITY,
  DURATION_STEP,
  durationChoices,
  isValidDuration,
  MAX_DURATION,
  MIN_DURATION,
  minutesUntil,
  reservationFormDefaults,
  type ReservationFormDefaults,
} from './durations.ts';

const ALL = [15, 30, 45, 60, 75, 90, 105, 120];

describe('constants (docs/product.md#durations)', () => {
  it('are 15–120 in steps of 15, default 60, quantity 1', () => {
    expect([DURATION_STEP, MIN_DURATION, MAX_DURATION, DEFAULT_DURATION, DEFAULT_QUANTITY]).toEqual([
      15, 15, 120, 60, 1,
    ]);
    expect(ALL_DURATIONS).toEqual(ALL);
  });
});

describe('durationChoices', () => {
  it.each<[string, string | null, number[]]>([
    ['12:00', null, ALL],
    ['12:00', '16:00', ALL],
    ['12:00', '14:00', ALL], // exactly 120 fits
    ['12:00', '13:59', [15, 30, 45, 60, 75, 90, 105]],
    ['12:00', '13:00', [15, 30, 45, 60]],
    ['12:00', '12:44', [15, 30]],
    ['12:00', '12:15', [15]],
    ['12:00', '12:14', []],
    ['12:10', '13:00', [15, 30, 45]],
    // window end after midnight
    ['23:00', '02:00', ALL],
    ['23:30', '00:30', [15, 30, 45, 60]],
    ['23:45', '00:00', [15]],
    ['00:30', '02:00', [15, 30, 45, 60, 75, 90]],
    // end = start is a full day later (same rule as a 24-hour opening window)
    ['22:00', '22:00', ALL],
  ])('from %s until %s → %j', (startAt, windowEnd, expected) => {
    expect(durationChoices(startAt, windowEnd)).toEqual(expected);
  });

  it('returns a fresh array each time', () => {
    const first = durationChoices('12:00', null);
    first.push(999);
    expect(durationChoices('12:00', null)).toEqual(ALL);
  });

  it('rejects malformed times', () => {
    expectDomainError(() => durationChoices('noon', null), 'INVALID_TIME');
    expectDomainError(() => durationChoices('12:00', '25:00'), 'INVALID_TIME');
  });
});

describe('minutesUntil', () => {
  it.each([
    ['12:00', '13:30', 90],
    ['23:00', '01:00', 120],
    ['10:00', '10:00', 1440],
    ['10:01', '10:00', 1439],
  ])('%s → %s = %i', (start, end, minutes) => {
    expect(minutesUntil(start, end)).toBe(minutes);
  });
});

describe('isValidDuration / assertDuration', () => {
  it.each([
    [15, true],
    [60, true],
    [120, true],
    [0, false],
    [10, false],
    [135, false],
    [50, false],
    [60.5, false],
    [Number.NaN, false],
  ])('%s → %s', (duration, valid) => {
    expect(isValidDuration(duration)).toBe(valid);
    if (valid) expect(() => assertDuration(duration)).not.toThrow();
    else expectDomainError(() => assertDuration(duration), 'INVALID_DURATION');
  });
});

describe('reservationFormDefaults', () => {
  const defaults = (date: string, startAt: string): ReservationFormDefaults => ({
    date,
    time: { startAt, duration: 60 },
    quantity: 1,
    comments: '',
    table: null,
  });

  it.each([
    ['2024-07-15', '13:00', defaults('2024-07-15', '13:00')],
    ['2024-07-15', '13:01', defaults('2024-07-15', '13:15')],
    ['2024-07-15', '13:14', defaults('2024-07-15', '13:15')],
    ['2024-07-15', '13:46', defaults('2024-07-15', '14:00')],
    ['2024-07-15', '00:00', defaults('2024-07-15', '00:00')],
    ['2024-07-15', '23:45', defaults('2024-07-15', '23:45')],
    ['2024-07-15', '23:50', defaults('2024-07-16', '00:00')],
    ['2024-12-31', '23:59', defaults('2025-01-01', '00:00')],
  ])('%s %s', (date, time, expected) => {
    expect(reservationFormDefaults({ date, time })).toEqual(expected);
  });

  it('carries the table from the query parameters', () => {
    const table = { roomId: 'terrace', tableId: '7' };
    expect(reservationFormDefaults({ date: '2024-07-15', time: '13:00' }, table).table).toEqual(table);
  });

  it('rejects a malformed now', () => {
    expectDomainError(() => reservationFormDefaults({ date: '2024-07-15', time: '1pm' }), 'INVALID_TIME');
    expectDomainError(() => reservationFormDefaults({ date: '15/07/2024', time: '13:00' }), 'INVALID_DATE');
  });
});
