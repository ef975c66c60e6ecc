import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import { ALL_DURATIONS } from './durations.ts';
import type { ClashCandidate } from './table-clash.ts';
import {
  currentAtTable,
  defaultWalkInDuration,
  isCurrentAtTable,
  TABLE_LINK_LEAD_MINUTES,
  walkInDurations,
  type TableLinkReservation,
} from './table-link.ts';

const at = (time: string): Date => new Date(`2026-03-02T${time}:00Z`);
const booking = (start: string, end: string, status = 'confirmed', id = `${start}-${end}`) => ({
  id,
  status,
  time: { start: at(start), end: at(end) },
});

describe('isCurrentAtTable: not cancelled and start − 15 min ≤ now < end', () => {
  it('leads by 15 minutes', () => expect(TABLE_LINK_LEAD_MINUTES).toBe(15));

  it.each<[string, TableLinkReservation, string, boolean]>([
    ['under way', booking('13:00', '14:00'), '13:30', true],
    ['at its start', booking('13:00', '14:00'), '13:00', true],
    ['10 minutes ahead', booking('13:00', '14:00'), '12:50', true],
    ['exactly 15 minutes ahead', booking('13:00', '14:00'), '12:45', true],
    ['16 minutes ahead', booking('13:00', '14:00'), '12:44', false],
    ['the last minute', booking('13:00', '14:00'), '13:59', true],
    ['at its end (over)', booking('13:00', '14:00'), '14:00', false],
    ['over', booking('13:00', '14:00'), '15:00', false],
    ['cancelled, under way', booking('13:00', '14:00', 'cancelled'), '13:30', false],
    ['seated', booking('13:00', '14:00', 'seated'), '13:30', true],
    ['no status (active)', { time: { start: at('13:00'), end: at('14:00') } }, '13:30', true],
  ])('%s → %s', (_label, reservation, now, expected) => {
    expect(isCurrentAtTable(reservation, at(now))).toBe(expected);
    expect(isCurrentAtTable(reservation, at(now).getTime())).toBe(expected);
  });

  it.each([
    ['an invalid now', booking('13:00', '14:00'), new Date('nope')],
    ['a NaN now', booking('13:00', '14:00'), Number.NaN],
    ['an invalid start', { time: { start: new Date('x'), end: at('14:00') } }, at('13:00')],
  ])('refuses %s with INVALID_TIME_RANGE', (_label, reservation, now) => {
    expectDomainError(() => isCurrentAtTable(reservation, now), 'INVALID_TIME_RANGE');
  });
});

describe('currentAtTable: the one under way first, else the soonest', () => {
  const early = booking('12:00', '13:00', 'confirmed', 'early');
  const late = booking('13:00', '14:00', 'confirmed', 'late');
  const later = booking('13:10', '14:00', 'confirmed', 'later');

  it.each<[string, ReturnType<typeof booking>[], string, string | null]>([
    ['nothing at the table', [], '12:30', null],
    ['one under way', [early], '12:30', 'early'],
    ['the one under way beats the next starting within 15 minutes', [late, early], '12:50', 'early'],
    ['back to back: the next once the first is over', [early, late], '13:00', 'late'],
    ['two ahead: the sooner', [later, late], '12:56', 'late'],
    ['a cancelled one is never current', [booking('12:00', '13:00', 'cancelled', 'gone')], '12:30', null],
    ['too far ahead', [late], '12:40', null],
    ['over', [early], '13:00', null],
  ])('%s', (_label, reservations, now, expected) => {
    expect(currentAtTable(reservations, at(now))?.id ?? null).toBe(expected);
  });
});

describe('walkInDurations: what fits until closing and until the table’s next reservation', () => {
  const table = { roomId: 'salon', tableId: 't2' };
  const other = { roomId: 'salon', tableId: 't1' };
  const held = (start: string, end: string, overrides: Partial<ClashCandidate> = {}): ClashCandidate => ({
    status: 'confirmed',
    table,
    time: { start: at(start), end: at(end) },
    ...overrides,
  });

  it.each<[string, number[], string, ClashCandidate[], number[]]>([
    ['free all afternoon', [...ALL_DURATIONS], '13:07', [], [...ALL_DURATIONS]],
    ['closing limits it', [15, 30, 45], '13:07', [], [15, 30, 45]],
    ['closed: nothing', [], '13:07', [], []],
    [
      'the next reservation at 14:00 stops it',
      [...ALL_DURATIONS],
      '13:07',
      [held('14:00', '15:00')],
      [15, 30, 45],
    ],
    [
      'ending exactly at the next start is fine',
      [...ALL_DURATIONS],
      '13:00',
      [held('14:00', '15:00')],
      [15, 30, 45, 60],
    ],
    [
      'a cancelled one does not',
      [...ALL_DURATIONS],
      '13:07',
      [held('14:00', '15:00', { status: 'cancelled' })],
      [...ALL_DURATIONS],
    ],
    [
      'another table does not',
      [...ALL_DURATIONS],
      '13:07',
      [held('13:30', '15:00', { table: other })],
      [...ALL_DURATIONS],
    ],
    ['one under way leaves nothing', [...ALL_DURATIONS], '13:07', [held('13:00', '14:00')], []],
  ])('%s', (_label, choices, start, existing, expected) => {
    expect(walkInDurations(choices, { table, start: at(start) }, existing)).toEqual(expected);
  });

  it('refuses an invalid start', () => {
    expectDomainError(() => walkInDurations([15], { table, start: new Date('x') }, []), 'INVALID_TIME_RANGE');
  });
});

describe('defaultWalkInDuration: 60, else the longest that fits', () => {
  it.each<[number[], number | null]>([
    [[...ALL_DURATIONS], 60],
    [[15, 30, 45, 60], 60],
    [[15, 30, 45], 45],
    [[15], 15],
    [[], null],
  ])('%j → %s', (choices, expected) => {
    expect(defaultWalkInDuration(choices)).toBe(expected);
  });
});
