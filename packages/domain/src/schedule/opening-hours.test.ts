import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { isOpenAt, openingWindowFor, type OpeningHours, type OpeningWindowMatch } from './opening-hours.ts';

const SUN = 0;
const MON = 1;
const TUE = 2;
const FRI = 5;
const SAT = 6;

const lunch = { open: '12:00', close: '16:00' };
const dinner = { open: '20:00', close: '23:30' };
const lateNight = { open: '20:00', close: '02:00' };

// Sunday closed; Mon–Thu lunch + dinner; Friday and Saturday until 02:00; Tuesday missing (closed).
const hours: OpeningHours = [
  [],
  [lunch, dinner],
  [],
  [lunch, dinner],
  [lunch, dinner],
  [lunch, lateNight],
  [lateNight],
];

describe('openingWindowFor', () => {
  it.each<[string, OpeningHours, number, string, OpeningWindowMatch | null]>([
    ['closed day', hours, SUN, '13:00', null],
    ['before opening', hours, MON, '11:59', null],
    ['at opening', hours, MON, '12:00', { ...lunch, weekday: MON }],
    ['inside lunch', hours, MON, '15:59', { ...lunch, weekday: MON }],
    ['at closing (half-open)', hours, MON, '16:00', null],
    ['between windows', hours, MON, '18:00', null],
    ['second window of the day', hours, MON, '21:00', { ...dinner, weekday: MON }],
    ['after the last window', hours, MON, '23:30', null],
    ['overnight window before midnight', hours, FRI, '23:59', { ...lateNight, weekday: FRI }],
    [
      'overnight window after midnight belongs to the day before',
      hours,
      SAT,
      '00:00',
      { ...lateNight, weekday: FRI },
    ],
    ['overnight window at 01:59 next day', hours, SAT, '01:59', { ...lateNight, weekday: FRI }],
    ['overnight window closes at 02:00', hours, SAT, '02:00', null],
    ['Saturday overnight spills into Sunday', hours, SUN, '01:00', { ...lateNight, weekday: SAT }],
    ['Saturday 13:00: Friday night is over, Saturday has no lunch', hours, SAT, '13:00', null],
    ['a day not listed in a short array', [[], [lunch]], TUE, '13:00', null],
    [
      'day after a short array',
      [[], [], [], [], [], [], [lateNight]],
      SUN,
      '01:00',
      { ...lateNight, weekday: SAT },
    ],
    [
      'noon to midnight: 23:59',
      [[{ open: '12:00', close: '00:00' }]],
      SUN,
      '23:59',
      { open: '12:00', close: '00:00', weekday: SUN },
    ],
    [
      'noon to midnight: closed at 00:00 next day',
      [[{ open: '12:00', close: '00:00' }], []],
      MON,
      '00:00',
      null,
    ],
    ['24 hours (open = close) late', [[{ open: '06:00', close: '06:00' }]], SUN, '05:59', null],
    [
      '24 hours (open = close) at open',
      [[{ open: '06:00', close: '06:00' }]],
      SUN,
      '06:00',
      { open: '06:00', close: '06:00', weekday: SUN },
    ],
    [
      '24 hours (open = close) next morning',
      [[{ open: '06:00', close: '06:00' }], []],
      MON,
      '05:59',
      { open: '06:00', close: '06:00', weekday: SUN },
    ],
    ['24 hours (open = close) ends', [[{ open: '06:00', close: '06:00' }], []], MON, '06:00', null],
    [
      "the day's own window wins over yesterday's overnight one",
      [[{ open: '00:00', close: '10:00' }], [], [], [], [], [], [{ open: '22:00', close: '03:00' }]],
      SUN,
      '01:00',
      { open: '00:00', close: '10:00', weekday: SUN },
    ],
  ])('%s', (_label, openingHours, weekday, startAt, expected) => {
    expect(openingWindowFor(openingHours, weekday, startAt)).toEqual(expected);
  });

  it('rejects a malformed weekday, start or window', () => {
    expectDomainError(() => openingWindowFor(hours, 7, '12:00'), 'INVALID_WEEKDAY');
    expectDomainError(() => openingWindowFor(hours, MON, '12h'), 'INVALID_TIME');
    expectDomainError(
      () => openingWindowFor([[{ open: '9:00', close: '12:00' }]], SUN, '10:00'),
      'INVALID_TIME',
    );
  });
});

describe('isOpenAt', () => {
  it.each([
    [MON, '12:30', true],
    [MON, '16:00', false],
    [SUN, '12:30', false],
    [SAT, '01:00', true],
    [SUN, '01:00', true],
    [SUN, '02:00', false],
    [TUE, '00:30', false], // Monday's dinner closes 23:30, no overnight
  ])('weekday %i at %s → %s', (weekday, time, expected) => {
    expect(isOpenAt(hours, { weekday, time })).toBe(expected);
  });
});
