import { describe, expect, it } from 'vitest';
import { groupBoard } from './group-board';

const terrace = { es: 'Terraza', en: 'Terrace' };
const hall = { es: 'Salón', en: 'Hall' };
const at = (
  id: string,
  startAt: string,
  table: { roomId: string; room: typeof hall; number: number } | null,
) => ({
  id,
  startAt,
  table,
});

describe('groupBoard', () => {
  it('groups by room in order of appearance, tableless last, tables by number then time', () => {
    const rooms = groupBoard([
      at('pickup', '12:00', null),
      at('t2-late', '21:00', { roomId: 'h', room: hall, number: 2 }),
      at('terrace-1', '20:00', { roomId: 't', room: terrace, number: 1 }),
      at('t2-early', '19:00', { roomId: 'h', room: hall, number: 2 }),
      at('t1', '22:00', { roomId: 'h', room: hall, number: 1 }),
    ]);
    expect(rooms.map((room) => room.roomId)).toEqual(['h', 't', null]);
    expect(rooms[0]?.reservations.map((reservation) => reservation.id)).toEqual([
      't1',
      't2-early',
      't2-late',
    ]);
    expect(rooms[0]?.room).toEqual(hall);
    expect(rooms[2]?.room).toBeNull();
  });

  it('answers no rooms for an empty day', () => {
    expect(groupBoard([])).toEqual([]);
  });
});
