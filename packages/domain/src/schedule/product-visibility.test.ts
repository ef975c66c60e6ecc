import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { localWeekdayAndTime } from './local-time.ts';
import { isProductVisible, isWithinDailySchedule, type VisibilityProduct } from './product-visibility.ts';

const MONDAY = 1;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 0;

describe('isProductVisible', () => {
  it.each<[string, VisibilityProduct, number, string, boolean]>([
    // hidden
    ['plain product', {}, MONDAY, '12:00', true],
    ['hidden', { hidden: true }, MONDAY, '12:00', false],
    ['hidden false', { hidden: false }, MONDAY, '12:00', true],
    ['hidden null', { hidden: null }, MONDAY, '12:00', true],
    // defaults 00:00–23:59 cover the whole day, both ends inclusive
    ['default schedule at 00:00', {}, MONDAY, '00:00', true],
    ['default schedule at 23:59', {}, MONDAY, '23:59', true],
    ['null schedule at 23:59', { scheduleStart: null, scheduleEnd: null }, MONDAY, '23:59', true],
    ['empty-string schedule at 00:00', { scheduleStart: '', scheduleEnd: '' }, MONDAY, '00:00', true],
    // daytime schedule, boundaries
    ['lunch: before start', { scheduleStart: '12:00', scheduleEnd: '15:30' }, MONDAY, '11:59', false],
    ['lunch: at start', { scheduleStart: '12:00', scheduleEnd: '15:30' }, MONDAY, '12:00', true],
    ['lunch: inside', { scheduleStart: '12:00', scheduleEnd: '15:30' }, MONDAY, '13:45', true],
    ['lunch: at end (inclusive)', { scheduleStart: '12:00', scheduleEnd: '15:30' }, MONDAY, '15:30', true],
    ['lunch: after end', { scheduleStart: '12:00', scheduleEnd: '15:30' }, MONDAY, '15:31', false],
    ['only start given: end defaults to 23:59', { scheduleStart: '18:00' }, MONDAY, '23:59', true],
    ['only start given: before start', { scheduleStart: '18:00' }, MONDAY, '17:59', false],
    ['only end given: start defaults to 00:00', { scheduleEnd: '11:00' }, MONDAY, '00:00', true],
    ['only end given: after end', { scheduleEnd: '11:00' }, MONDAY, '11:01', false],
    [
      'one-minute schedule: that minute',
      { scheduleStart: '10:00', scheduleEnd: '10:00' },
      MONDAY,
      '10:00',
      true,
    ],
    [
      'one-minute schedule: next minute',
      { scheduleStart: '10:00', scheduleEnd: '10:00' },
      MONDAY,
      '10:01',
      false,
    ],
    // across midnight 22:00–02:00
    ['night: before start', { scheduleStart: '22:00', scheduleEnd: '02:00' }, MONDAY, '21:59', false],
    ['night: at start', { scheduleStart: '22:00', scheduleEnd: '02:00' }, MONDAY, '22:00', true],
    ['night: 23:59', { scheduleStart: '22:00', scheduleEnd: '02:00' }, MONDAY, '23:59', true],
    ['night: 00:00', { scheduleStart: '22:00', scheduleEnd: '02:00' }, MONDAY, '00:00', true],
    ['night: at end', { scheduleStart: '22:00', scheduleEnd: '02:00' }, MONDAY, '02:00', true],
    ['night: after end', { scheduleStart: '22:00', scheduleEnd: '02:00' }, MONDAY, '02:01', false],
    ['night: midday', { scheduleStart: '22:00', scheduleEnd: '02:00' }, MONDAY, '12:00', false],
    // weekdays
    ['days null: every day', { scheduleDays: null }, SUNDAY, '12:00', true],
    ['days empty: every day', { scheduleDays: [] }, SATURDAY, '12:00', true],
    ['weekday allowed', { scheduleDays: [1, 2, 3] }, MONDAY, '12:00', true],
    ['weekday not allowed', { scheduleDays: [1, 2, 3] }, SUNDAY, '12:00', false],
    ['Sunday is 0', { scheduleDays: [0] }, SUNDAY, '12:00', true],
    ['Saturday is 6', { scheduleDays: [6] }, SATURDAY, '12:00', true],
    // after-midnight minutes use the calendar weekday of `at`
    [
      'night Friday-only: Friday 23:00',
      { scheduleStart: '22:00', scheduleEnd: '02:00', scheduleDays: [5] },
      FRIDAY,
      '23:00',
      true,
    ],
    [
      'night Friday-only: Friday 01:00',
      { scheduleStart: '22:00', scheduleEnd: '02:00', scheduleDays: [5] },
      FRIDAY,
      '01:00',
      true,
    ],
    [
      'night Friday-only: Saturday 01:00',
      { scheduleStart: '22:00', scheduleEnd: '02:00', scheduleDays: [5] },
      SATURDAY,
      '01:00',
      false,
    ],
    [
      'weekday allowed but outside schedule',
      { scheduleStart: '12:00', scheduleEnd: '15:00', scheduleDays: [1] },
      MONDAY,
      '16:00',
      false,
    ],
    // stock
    [
      'stock 0, sales without stock allowed',
      { stock: 0, preventSaleWithoutStock: false },
      MONDAY,
      '12:00',
      true,
    ],
    ['stock 0, prevent flag absent', { stock: 0 }, MONDAY, '12:00', true],
    ['stock 0, prevented', { stock: 0, preventSaleWithoutStock: true }, MONDAY, '12:00', false],
    ['stock 1, prevented', { stock: 1, preventSaleWithoutStock: true }, MONDAY, '12:00', true],
    ['stock 25, prevented', { stock: 25, preventSaleWithoutStock: true }, MONDAY, '12:00', true],
    ['negative stock, prevented', { stock: -2, preventSaleWithoutStock: true }, MONDAY, '12:00', false],
    ['stock missing, prevented', { preventSaleWithoutStock: true }, MONDAY, '12:00', false],
    ['stock null, prevented', { stock: null, preventSaleWithoutStock: true }, MONDAY, '12:00', false],
    // all rules together
    [
      'all rules pass',
      {
        hidden: false,
        scheduleStart: '08:00',
        scheduleEnd: '11:00',
        scheduleDays: [1],
        stock: 3,
        preventSaleWithoutStock: true,
      },
      MONDAY,
      '08:00',
      true,
    ],
    [
      'all pass but hidden',
      {
        hidden: true,
        scheduleStart: '08:00',
        scheduleEnd: '11:00',
        scheduleDays: [1],
        stock: 3,
        preventSaleWithoutStock: true,
      },
      MONDAY,
      '08:00',
      false,
    ],
  ])('%s (weekday %i at %s) → %s', (_label, product, weekday, time, expected) => {
    expect(isProductVisible(product, { weekday, time })).toBe(expected);
  });

  it('uses the restaurant zone: the same instant differs in Santiago and Madrid', () => {
    const dinner: VisibilityProduct = { scheduleStart: '19:00', scheduleEnd: '23:30', scheduleDays: [0] };
    const instant = new Date('2024-07-15T02:00:00Z'); // Santiago Sun 22:00, Madrid Mon 04:00
    expect(isProductVisible(dinner, localWeekdayAndTime(instant, 'America/Santiago'))).toBe(true);
    expect(isProductVisible(dinner, localWeekdayAndTime(instant, 'Europe/Madrid'))).toBe(false);
  });

  it('follows DST: a 08:00–09:00 breakfast at 07:30 UTC in Madrid, winter vs summer', () => {
    const breakfast: VisibilityProduct = { scheduleStart: '08:00', scheduleEnd: '09:00' };
    // 2024-03-30 (CET, UTC+1) 07:30Z = 08:30 local; 2024-03-31 (CEST, UTC+2) 07:30Z = 09:30 local
    expect(
      isProductVisible(breakfast, localWeekdayAndTime(new Date('2024-03-30T07:30:00Z'), 'Europe/Madrid')),
    ).toBe(true);
    expect(
      isProductVisible(breakfast, localWeekdayAndTime(new Date('2024-03-31T07:30:00Z'), 'Europe/Madrid')),
    ).toBe(false);
  });

  it.each<[string, VisibilityProduct, number, string, 'INVALID_TIME' | 'INVALID_WEEKDAY']>([
    ['weekday 7', {}, 7, '12:00', 'INVALID_WEEKDAY'],
    ['weekday -1', {}, -1, '12:00', 'INVALID_WEEKDAY'],
    ['time 24:00', {}, MONDAY, '24:00', 'INVALID_TIME'],
    ['malformed time', {}, MONDAY, '9:00', 'INVALID_TIME'],
    ['malformed schedule start', { scheduleStart: '8am' }, MONDAY, '09:00', 'INVALID_TIME'],
    [
      'malformed schedule end, even when hidden',
      { hidden: true, scheduleEnd: '25:00' },
      MONDAY,
      '09:00',
      'INVALID_TIME',
    ],
  ])('rejects %s', (_label, product, weekday, time, code) => {
    expectDomainError(() => isProductVisible(product, { weekday, time }), code);
  });
});

describe('isWithinDailySchedule', () => {
  it.each([
    ['00:00', '00:00', '23:59', true],
    ['23:59', '00:00', '23:59', true],
    ['23:59', '22:00', '00:00', true],
    ['00:00', '22:00', '00:00', true],
    ['00:01', '22:00', '00:00', false],
    ['21:59', '22:00', '00:00', false],
  ])('%s in %s–%s → %s', (time, start, end, expected) => {
    expect(isWithinDailySchedule(time, start, end)).toBe(expected);
  });
});
