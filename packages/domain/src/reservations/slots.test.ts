import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { openingWindowFor, type OpeningHours } from '../schedule/opening-hours.ts';
import { addDays, instantFromLocal, localWeekdayAndTime } from '../schedule/local-time.ts';
import { formatTimeOfDay } from '../schedule/time-of-day.ts';
import { durationChoices } from './durations.ts';
import {
  bookableStarts,
  bookingDays,
  nextFreeSlot,
  nextOpenSlot,
  QUARTER_HOURS,
  type BookableSlot,
} from './slots.ts';
import { findClash, type ClashCandidate } from './table-clash.ts';

const MADRID = 'Europe/Madrid';
const lunch = { open: '13:00', close: '16:00' };
const dinner = { open: '20:00', close: '23:30' };
const late = { open: '20:00', close: '02:00' };
// Monday closed; Tuesday–Thursday and Sunday lunch and dinner; Friday until 02:00; Saturday lunch.
const hours: OpeningHours = [
  [lunch, dinner],
  [],
  [lunch, dinner],
  [lunch, dinner],
  [lunch, dinner],
  [lunch, late],
  [lunch],
];
const ALWAYS: OpeningHours = Array.from({ length: 7 }, () => [{ open: '00:00', close: '00:00' }]);

// 2024-07-15 is a Monday; Madrid is UTC+2 in July.
const TUESDAY = '2024-07-16';
const at = (iso: string) => new Date(iso);
const times = (starts: ReadonlyArray<{ startAt: string }>) => starts.map((start) => start.startAt);

describe('bookableStarts', () => {
  it.each<[string, OpeningHours, string, string, Date | null, number, string[], string[]]>([
    // name, hours, zone, date, notBefore, count, first starts, last starts
    ['a closed day', hours, MADRID, '2024-07-15', null, 0, [], []],
    ['lunch and dinner', hours, MADRID, TUESDAY, null, 26, ['13:00', '13:15'], ['23:00', '23:15']],
    [
      'from now (15:07)',
      hours,
      MADRID,
      TUESDAY,
      at('2024-07-16T13:07:00Z'),
      17,
      ['15:15', '15:30'],
      ['23:15'],
    ],
    [
      'now exactly on a quarter',
      hours,
      MADRID,
      TUESDAY,
      at('2024-07-16T13:15:00Z'),
      17,
      ['15:15'],
      ['23:15'],
    ],
    ['after the last start', hours, MADRID, TUESDAY, at('2024-07-16T21:16:00Z'), 0, [], []],
    [
      'Saturday keeps Friday after midnight',
      hours,
      MADRID,
      '2024-07-20',
      null,
      20,
      ['00:00', '00:15'],
      ['15:45'],
    ],
    ['open all day', ALWAYS, 'UTC', TUESDAY, null, 96, ['00:00'], ['23:45']],
    [
      'Santiago skips 00:00–00:59 (spring forward)',
      ALWAYS,
      'America/Santiago',
      '2024-09-08',
      null,
      92,
      ['01:00'],
      ['23:45'],
    ],
    [
      'Madrid skips 02:00–02:59 (spring forward)',
      ALWAYS,
      MADRID,
      '2024-03-31',
      null,
      92,
      ['00:00', '00:15', '00:30', '00:45', '01:00', '01:15', '01:30', '01:45', '03:00'],
      ['23:45'],
    ],
    [
      'Madrid lists the repeated hour once (fall back)',
      ALWAYS,
      MADRID,
      '2024-10-27',
      null,
      96,
      ['00:00'],
      ['23:45'],
    ],
  ])('%s', (_name, table, zone, date, notBefore, count, first, last) => {
    const starts = bookableStarts(table, zone, date, notBefore);
    expect(starts).toHaveLength(count);
    expect(times(starts.slice(0, first.length))).toEqual(first);
    expect(times(starts.slice(starts.length - last.length))).toEqual(last);
  });

  it.each([
    ['13:00', [15, 30, 45, 60, 75, 90, 105, 120]],
    ['15:00', [15, 30, 45, 60]],
    ['15:45', [15]],
    ['22:30', [15, 30, 45, 60]],
  ])('durations of %s fit before closing', (startAt, durations) => {
    const start = bookableStarts(hours, MADRID, TUESDAY).find((item) => item.startAt === startAt);
    expect(start?.durations).toEqual(durations);
    expect(start?.start.toISOString()).toBe(instantFromLocal(TUESDAY, startAt, MADRID).toISOString());
  });

  it('rejects a bad date or zone', () => {
    expectDomainError(() => bookableStarts(hours, MADRID, '2024-02-30'), 'INVALID_DATE');
    expectDomainError(() => bookableStarts(hours, 'Mars/Base', TUESDAY), 'INVALID_TIME_ZONE');
    // a closed day too, though its starts never need the zone
    expectDomainError(() => bookableStarts([], 'Mars/Base', TUESDAY), 'INVALID_TIME_ZONE');
  });
});

describe('bookingDays', () => {
  it('marks closed days and today after its last start', () => {
    // Tuesday 23:20 in Madrid: the last start (23:15) has gone
    expect(bookingDays(hours, MADRID, at('2024-07-16T21:20:00Z'), 6)).toEqual([
      { date: '2024-07-16', open: false },
      { date: '2024-07-17', open: true },
      { date: '2024-07-18', open: true },
      { date: '2024-07-19', open: true },
      { date: '2024-07-20', open: true },
      { date: '2024-07-21', open: true },
      { date: '2024-07-22', open: false },
    ]);
  });

  it('starts on the restaurant-local date', () => {
    // 23:30 UTC on Monday is already Tuesday 01:30 in Madrid
    expect(bookingDays(hours, MADRID, at('2024-07-15T23:30:00Z'), 0)).toEqual([
      { date: TUESDAY, open: true },
    ]);
  });

  it('rejects a negative number of days', () => {
    expectDomainError(() => bookingDays(hours, MADRID, at('2024-07-16T10:00:00Z'), -1), 'INVALID_DATE');
  });
});

describe('nextOpenSlot', () => {
  const shortWindows: OpeningHours = Array.from({ length: 7 }, () => [{ open: '12:00', close: '12:30' }]);
  it.each<[string, OpeningHours, string, number, { date: string; startAt: string; duration: number } | null]>(
    [
      [
        '04:00 on Tuesday → lunch at 13:00',
        hours,
        '2024-07-16T02:00:00Z',
        60,
        { date: TUESDAY, startAt: '13:00', duration: 60 },
      ],
      ['14:07 → 14:15', hours, '2024-07-16T12:07:00Z', 60, { date: TUESDAY, startAt: '14:15', duration: 60 }],
      [
        '15:31 → dinner (60 no longer fits at lunch)',
        hours,
        '2024-07-16T13:31:00Z',
        60,
        { date: TUESDAY, startAt: '20:00', duration: 60 },
      ],
      [
        '22:45 → Wednesday lunch',
        hours,
        '2024-07-16T20:45:00Z',
        60,
        { date: '2024-07-17', startAt: '13:00', duration: 60 },
      ],
      [
        'Sunday night → Tuesday (Monday closed)',
        hours,
        '2024-07-14T21:40:00Z',
        60,
        { date: TUESDAY, startAt: '13:00', duration: 60 },
      ],
      [
        'Friday 01:00 after midnight is still open',
        hours,
        '2024-07-19T23:00:00Z',
        60,
        { date: '2024-07-20', startAt: '01:00', duration: 60 },
      ],
      [
        'a 120-minute wish',
        hours,
        '2024-07-16T02:00:00Z',
        120,
        { date: TUESDAY, startAt: '13:00', duration: 120 },
      ],
      [
        'windows shorter than the wish → longest that fits',
        shortWindows,
        '2024-07-16T02:00:00Z',
        60,
        { date: TUESDAY, startAt: '12:00', duration: 30 },
      ],
      ['never open', [], '2024-07-16T02:00:00Z', 60, null],
    ],
  )('%s', (_name, table, now, duration, expected) => {
    const slot = nextOpenSlot(table, MADRID, at(now), { days: 14, duration });
    expect(slot && { date: slot.date, startAt: slot.startAt, duration: slot.duration }).toEqual(expected);
  });

  it('looks no further than the horizon', () => {
    // Monday 23:00: nothing today and the horizon ends on Monday
    expect(nextOpenSlot(hours, MADRID, at('2024-07-15T21:00:00Z'), { days: 0 })).toBeNull();
    expect(nextOpenSlot(hours, MADRID, at('2024-07-15T21:00:00Z'), { days: 1 })?.date).toBe(TUESDAY);
  });
});

describe('nextFreeSlot', () => {
  const A = { roomId: 'r', tableId: 'a' };
  const B = { roomId: 'r', tableId: 'b' };
  const local = (date: string, time: string) => instantFromLocal(date, time, MADRID);
  const held = (table: typeof A, from: string, to: string, status = 'confirmed'): ClashCandidate => ({
    status,
    table,
    time: { start: local(TUESDAY, from), end: local(TUESDAY, to) },
  });
  const base = {
    hours,
    timeZone: MADRID,
    from: local(TUESDAY, '13:00'),
    until: local('2024-07-30', '00:00'),
    duration: 60,
    tables: [A],
  };

  it.each<[string, Partial<typeof base>, ClashCandidate[], { date: string; startAt: string } | null]>([
    ['the asked slot when it is free', {}, [], { date: TUESDAY, startAt: '13:00' }],
    [
      'after a reservation ends (back to back)',
      {},
      [held(A, '13:00', '14:30')],
      { date: TUESDAY, startAt: '14:30' },
    ],
    [
      'another table free at once',
      { tables: [A, B] },
      [held(A, '13:00', '14:30')],
      { date: TUESDAY, startAt: '13:00' },
    ],
    [
      'a cancelled reservation holds nothing',
      {},
      [held(A, '13:00', '16:00', 'cancelled')],
      { date: TUESDAY, startAt: '13:00' },
    ],
    ['lunch full → dinner', {}, [held(A, '13:00', '16:00')], { date: TUESDAY, startAt: '20:00' }],
    [
      'the last hour before close only fits short ones',
      { duration: 120 },
      [held(A, '13:00', '14:15')],
      { date: TUESDAY, startAt: '20:00' },
    ],
    [
      'the day full → the next open day',
      {},
      [held(A, '13:00', '16:00'), held(A, '20:00', '23:30')],
      { date: '2024-07-17', startAt: '13:00' },
    ],
    [
      'nothing before the horizon',
      { until: local(TUESDAY, '21:00') },
      [held(A, '13:00', '16:00'), held(A, '20:00', '23:30')],
      null,
    ],
    ['no table seats the party', { tables: [] }, [], null],
  ])('%s', (_name, change, reservations, expected) => {
    const slot = nextFreeSlot({ ...base, ...change, reservations });
    expect(slot && { date: slot.date, startAt: slot.startAt }).toEqual(expected);
  });
});

describe('properties', () => {
  const quarter = fc.integer({ min: 0, max: 95 }).map((index) => formatTimeOfDay(index * 15));
  const window = fc.record({ open: quarter, close: quarter });
  const openingHours = fc.array(fc.array(window, { maxLength: 2 }), { minLength: 7, maxLength: 7 });
  const zone = fc.constantFrom('UTC', MADRID, 'America/Santiago', 'America/Lima', 'America/Caracas');
  const date = fc.integer({ min: 0, max: 800 }).map((days) => addDays('2024-01-01', days));
  const instant = fc
    .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 0, 1) })
    .map((ms) => new Date(ms));

  it('every start lies in an opening window, on the grid, with the durations that fit, in order', () => {
    fc.assert(
      fc.property(openingHours, zone, date, (table, timeZone, day) => {
        const starts = bookableStarts(table, timeZone, day);
        let previous = -Infinity;
        for (const start of starts) {
          expect(QUARTER_HOURS).toContain(start.startAt);
          const weekday = localWeekdayAndTime(start.start, timeZone).weekday;
          const match = openingWindowFor(table, weekday, start.startAt);
          expect(match).not.toBeNull();
          expect(start.durations).toEqual(durationChoices(start.startAt, match!.close));
          expect(start.durations.length).toBeGreaterThan(0);
          expect(localWeekdayAndTime(start.start, timeZone)).toMatchObject({
            date: day,
            time: start.startAt,
          });
          expect(start.start.getTime()).toBeGreaterThan(previous);
          previous = start.start.getTime();
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lists every wall time that exists on the day, once, around clock changes too', () => {
    // the days around the clock changes of these zones in 2024–2026, and some ordinary ones
    const days = fc.constantFrom(
      '2024-03-31',
      '2024-10-27',
      '2025-03-30',
      '2025-10-26',
      '2024-04-06',
      '2024-04-07',
      '2024-09-07',
      '2024-09-08',
      '2025-04-05',
      '2025-09-06',
      '2025-09-07',
      '2024-07-15',
    );
    fc.assert(
      fc.property(zone, days, (timeZone, day) => {
        const listed = bookableStarts(ALWAYS, timeZone, day).map((start) => start.startAt);
        const existing = QUARTER_HOURS.filter((time) => {
          const wall = localWeekdayAndTime(instantFromLocal(day, time, timeZone), timeZone);
          return wall.date === day && wall.time === time;
        });
        expect(listed).toEqual(existing);
      }),
      { numRuns: 60 },
    );
  });

  it('the next open slot is not before now and no earlier start fits the duration', () => {
    fc.assert(
      fc.property(
        openingHours,
        zone,
        instant,
        fc.constantFrom(15, 60, 120),
        (table, timeZone, now, duration) => {
          const slot = nextOpenSlot(table, timeZone, now, { days: 3, duration });
          const today = localWeekdayAndTime(now, timeZone).date;
          const all = [0, 1, 2, 3].flatMap((offset) =>
            bookableStarts(table, timeZone, addDays(today, offset), now).map((start) => ({
              ...start,
              date: addDays(today, offset),
            })),
          );
          const fitting = all.filter((start) => start.durations.includes(duration));
          const expected: BookableSlot | undefined = fitting[0] ?? all[0];
          expect(slot?.startAt).toBe(expected?.startAt);
          expect(slot?.date).toBe(expected?.date);
          if (slot) {
            expect(slot.start.getTime()).toBeGreaterThanOrEqual(now.getTime());
            expect(slot.durations).toContain(slot.duration);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('the next free slot has a free table and no earlier fitting start does', () => {
    const tableRef = fc.constantFrom({ roomId: 'r', tableId: 'a' }, { roomId: 'r', tableId: 'b' });
    const held = fc.record({
      status: fc.constantFrom('confirmed', 'cancelled'),
      table: tableRef,
      startQuarter: fc.integer({ min: 0, max: 4 * 96 }),
      quarters: fc.integer({ min: 1, max: 12 }),
    });
    fc.assert(
      fc.property(openingHours, fc.array(held, { maxLength: 12 }), (table, rows) => {
        const from = at('2024-07-16T00:00:00Z');
        const until = at('2024-07-19T00:00:00Z');
        const reservations = rows.map((row) => ({
          status: row.status,
          table: row.table,
          time: {
            start: new Date(from.getTime() + row.startQuarter * 900_000),
            end: new Date(from.getTime() + (row.startQuarter + row.quarters) * 900_000),
          },
        }));
        const tables = [
          { roomId: 'r', tableId: 'a' },
          { roomId: 'r', tableId: 'b' },
        ];
        const slot = nextFreeSlot({
          hours: table,
          timeZone: 'UTC',
          from,
          until,
          duration: 60,
          tables,
          reservations,
        });
        const isFree = (start: Date) =>
          tables.some(
            (ref) =>
              findClash(
                { table: ref, time: { start, end: new Date(start.getTime() + 3_600_000) } },
                reservations,
              ) === null,
          );
        const candidates = [0, 1, 2, 3]
          .flatMap((offset) => bookableStarts(table, 'UTC', addDays('2024-07-16', offset), from))
          .filter((start) => start.durations.includes(60) && start.start.getTime() <= until.getTime());
        const expected = candidates.find((start) => isFree(start.start));
        expect(slot?.start.toISOString()).toBe(expected?.start.toISOString());
      }),
      { numRuns: 80 },
    );
  });
});
