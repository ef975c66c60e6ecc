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
  it('starts today at the next quarter hour in the restaurant zone, 60 minutes, 1 person', () => {
    // 10:07 UTC is 07:07 in Santiago (UTC−3 in November).
    const values = newReservationValues(
      { timeZone: 'America/Santiago', rooms },
      new Date('2026-11-22T10:07:00Z'),
      { table: '4', room: ROOM },
    );
    expect(values).toMatchObject({
      kind: 'table',
      date: '2026-11-22',
      startAt: '07:15',
      duration: 60,
      quantity: 1,
      comments: '',
      table: { roomId: ROOM, tableId: TABLE },
    });
  });

  it('rolls over to the next date near midnight', () => {
    const values = newReservationValues({ timeZone: 'UTC', rooms }, new Date('2026-11-22T23:50:00Z'), {
      table: null,
      room: null,
    });
    expect(values.date).toBe('2026-11-23');
    expect(values.startAt).toBe('00:00');
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
