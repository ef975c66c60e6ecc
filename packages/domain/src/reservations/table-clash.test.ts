import { describe, expect, it } from 'vitest';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  findClash,
  isActiveReservation,
  isReservationStatus,
  markFreeTables,
  rangesOverlap,
  RESERVATION_STATUSES,
  type ClashCandidate,
  type TimeRange,
} from './table-clash.ts';

const at = (time: string): Date => new Date(`2024-07-15T${time}:00Z`);
const range = (start: string, end: string): TimeRange => ({ start: at(start), end: at(end) });

describe('rangesOverlap (half-open [start, end))', () => {
  it.each([
    ['identical', range('12:00', '13:00'), range('12:00', '13:00'), true],
    ['b starts inside a', range('12:00', '13:00'), range('12:30', '13:30'), true],
    ['b ends inside a', range('12:00', '13:00'), range('11:30', '12:30'), true],
    ['b inside a', range('12:00', '14:00'), range('12:30', '13:00'), true],
    ['a inside b', range('12:30', '13:00'), range('12:00', '14:00'), true],
    ['one minute of overlap', range('12:00', '13:00'), range('12:59', '14:00'), true],
    ['b starts exactly when a ends (touching)', range('12:00', '13:00'), range('13:00', '14:00'), false],
    ['b ends exactly when a starts (touching)', range('12:00', '13:00'), range('11:00', '12:00'), false],
    ['disjoint', range('12:00', '13:00'), range('15:00', '16:00'), false],
  ])('%s → %s', (_label, a, b, expected) => {
    expect(rangesOverlap(a, b)).toBe(expected);
    expect(rangesOverlap(b, a)).toBe(expected);
  });

  it('accepts epoch milliseconds', () => {
    expect(rangesOverlap({ start: 0, end: 10 }, { start: 9, end: 20 })).toBe(true);
    expect(rangesOverlap({ start: 0, end: 10 }, { start: 10, end: 20 })).toBe(false);
  });

  it.each<[string, TimeRange]>([
    ['empty range', range('12:00', '12:00')],
    ['inverted range', range('13:00', '12:00')],
    ['invalid date', { start: new Date('x'), end: at('12:00') }],
    ['NaN', { start: 0, end: Number.NaN }],
  ])('rejects %s with INVALID_TIME_RANGE', (_label, bad) => {
    expectDomainError(() => rangesOverlap(bad, range('12:00', '13:00')), 'INVALID_TIME_RANGE');
  });
});

describe('findClash', () => {
  const table = { roomId: 'terrace', tableId: 't1' };
  const existing = (overrides: Partial<ClashCandidate> & { id: string }): ClashCandidate => ({
    status: 'confirmed',
    table,
    time: range('20:00', '21:00'),
    ...overrides,
  });

  it.each<[string, ClashCandidate[], string | null]>([
    ['no reservations', [], null],
    ['same table, overlapping', [existing({ id: 'a' })], 'a'],
    ['same table, overlapping, seated', [existing({ id: 'a', status: 'seated' })], 'a'],
    [
      'same table, overlapping, completed still occupies the slot',
      [existing({ id: 'a', status: 'completed' })],
      'a',
    ],
    ['same table, overlapping, no status', [existing({ id: 'a', status: null })], 'a'],
    ['cancelled is ignored', [existing({ id: 'a', status: 'cancelled' })], null],
    [
      'other table in the same room',
      [existing({ id: 'a', table: { roomId: 'terrace', tableId: 't2' } })],
      null,
    ],
    [
      'same table id in another room',
      [existing({ id: 'a', table: { roomId: 'hall', tableId: 't1' } })],
      null,
    ],
    ['existing without a table', [existing({ id: 'a', table: null })], null],
    ['ends when the new one starts', [existing({ id: 'a', time: range('19:00', '20:30') })], null],
    ['starts when the new one ends', [existing({ id: 'a', time: range('22:00', '23:00') })], null],
    ['overlaps the new start', [existing({ id: 'a', time: range('19:30', '20:31') })], 'a'],
    ['overlaps the new end', [existing({ id: 'a', time: range('21:59', '23:00') })], 'a'],
    ['covers the new one', [existing({ id: 'a', time: range('19:00', '23:00') })], 'a'],
    [
      'the reservation itself (when modifying)',
      [existing({ id: 'self', time: range('20:30', '22:00') })],
      null,
    ],
    [
      'first active clash is returned',
      [
        existing({ id: 'a', status: 'cancelled' }),
        existing({ id: 'b', table: { roomId: 'x', tableId: 'y' } }),
        existing({ id: 'c', time: range('21:00', '22:00') }),
      ],
      'c',
    ],
  ])('%s', (_label, reservations, clashId) => {
    const request = { id: 'self', table, time: range('20:30', '22:00') };
    expect(findClash(request, reservations)?.id ?? null).toBe(clashId);
  });

  it('a new reservation without an id still clashes with everything overlapping', () => {
    expect(findClash({ table, time: range('20:30', '21:30') }, [existing({ id: 'a' })])?.id).toBe('a');
  });

  it('a request without a table (pickup, delivery) never clashes', () => {
    expect(findClash({ table: null, time: range('20:00', '21:00') }, [existing({ id: 'a' })])).toBeNull();
  });

  it('rejects an invalid request range even without reservations', () => {
    expectDomainError(() => findClash({ table, time: range('21:00', '20:00') }, []), 'INVALID_TIME_RANGE');
  });
});

describe('markFreeTables', () => {
  it('flags each table', () => {
    const tables = [
      { roomId: 'hall', tableId: '1', number: 1, seats: 2 },
      { roomId: 'hall', tableId: '2', number: 2, seats: 4 },
      { roomId: 'hall', tableId: '3', number: 3, seats: 6 },
    ];
    const reservations: ClashCandidate[] = [
      {
        id: 'a',
        status: 'confirmed',
        table: { roomId: 'hall', tableId: '1' },
        time: range('20:00', '21:00'),
      },
      {
        id: 'b',
        status: 'cancelled',
        table: { roomId: 'hall', tableId: '2' },
        time: range('20:00', '21:00'),
      },
      {
        id: 'c',
        status: 'confirmed',
        table: { roomId: 'hall', tableId: '3' },
        time: range('21:00', '22:00'),
      },
    ];
    expect(markFreeTables(tables, range('20:00', '21:00'), reservations)).toEqual([
      { roomId: 'hall', tableId: '1', number: 1, seats: 2, free: false },
      { roomId: 'hall', tableId: '2', number: 2, seats: 4, free: true },
      { roomId: 'hall', tableId: '3', number: 3, seats: 6, free: true },
    ]);
  });
});

describe('statuses', () => {
  it('lists the four reservation statuses', () => {
    expect(RESERVATION_STATUSES).toEqual(['confirmed', 'seated', 'completed', 'cancelled']);
  });

  it.each([
    ['confirmed', true],
    ['seated', true],
    ['completed', true],
    ['cancelled', false],
  ])('%s is active: %s', (status, active) => {
    expect(isActiveReservation({ status })).toBe(active);
    expect(isReservationStatus(status)).toBe(true);
  });

  it('rejects unknown statuses', () => {
    expect(isReservationStatus('canceled')).toBe(false);
  });
});
