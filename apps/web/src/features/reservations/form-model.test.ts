import { describe, expect, it } from 'vitest';
import { fitDuration, newReservationValues, tableFromQuery } from './form-model';

const ROOM = '11111111-1111-4111-8111-111111111111';
const OTHER_ROOM = '22222222-2222-4222-8222-222222222222';
const TABLE = '33333333-3333-4333-8333-333333333333';
const rooms = [
  { id: OTHER_ROOM, name: { es: 'Terraza', en: 'Terrace' }, tables: [{ id: 'x', number: 1, seats: 2 }] },
  { id: ROOM, name: { es: 'Salón', en: 'Hall' }, tables: [{ id: TABLE, number: 4, seats: 4 }] },
];

describe('tableFromQuery', () => {
  it('finds the table of a table link by number inside the room', () => {
    expect(tableFromQuery(rooms, '4', ROOM)).toEqual({ roomId: ROOM, tableId: TABLE });
    expect(tableFromQuery(rooms, '4', null)).toEqual({ roomId: ROOM, tableId: TABLE });
    expect(tableFromQuery(rooms, TABLE, ROOM)).toEqual({ roomId: ROOM, tableId: TABLE });
  });

  it('answers null for unknown tables or a table of another room', () => {
    expect(tableFromQuery(rooms, '4', OTHER_ROOM)).toBeNull();
    expect(tableFromQuery(rooms, '9', null)).toBeNull();
    expect(tableFromQuery(rooms, null, ROOM)).toBeNull();
  });
});

describe('newReservationValues', () => {
  const lunch = { open: '12:00', close: '16:00' };
  const dinner = { open: '20:00', close: '23:30' };
  // Santiago; Monday closed, every other day lunch and dinner. 2026-11-23 is a Monday.
  const openingHours = [[lunch, dinner], [], ...Array.from({ length: 5 }, () => [lunch, dinner])];
  const restaurant = { timeZone: 'America/Santiago', rooms, openingHours };
  const at = (iso: string) => newReservationValues(restaurant, new Date(iso), { table: null, room: null });

  it.each([
    // Santiago is UTC−3 in November
    ['04:00 → lunch today', '2026-11-22T07:00:00Z', '2026-11-22', '12:00', 60],
    ['13:07 → 13:15', '2026-11-22T16:07:00Z', '2026-11-22', '13:15', 60],
    ['15:10 → dinner (60 minutes no longer fit at lunch)', '2026-11-22T18:10:00Z', '2026-11-22', '20:00', 60],
    ['Sunday 23:00 → Tuesday (Monday closed)', '2026-11-23T02:00:00Z', '2026-11-24', '12:00', 60],
  ])('%s', (_name, now, date, startAt, duration) => {
    expect(at(now)).toMatchObject({ date, startAt, duration, quantity: 1, comments: '', kind: 'table' });
  });

  it('keeps the table of a table link', () => {
    const values = newReservationValues(restaurant, new Date('2026-11-22T07:00:00Z'), {
      table: '4',
      room: ROOM,
    });
    expect(values.table).toEqual({ roomId: ROOM, tableId: TABLE });
  });

  it('falls back to the next quarter hour when the restaurant never opens', () => {
    const values = newReservationValues(
      { timeZone: 'UTC', rooms, openingHours: [] },
      new Date('2026-11-22T23:50:00Z'),
      { table: null, room: null },
    );
    expect(values).toMatchObject({ date: '2026-11-23', startAt: '00:00', duration: 60 });
    expect(values.table).toBeNull();
  });
});

describe('fitDuration', () => {
  it('keeps an offered duration and otherwise takes the closest shorter one', () => {
    expect(fitDuration(60, [15, 30, 45, 60, 75])).toBe(60);
    expect(fitDuration(90, [15, 30, 45])).toBe(45);
    expect(fitDuration(15, [30, 45])).toBe(30);
    expect(fitDuration(60, [])).toBe(60);
  });
});
