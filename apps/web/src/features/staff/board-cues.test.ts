import { describe, expect, it } from 'vitest';
import {
  addHighlights,
  boardCues,
  CUE_HIGHLIGHT_MS,
  type CueReservation,
  isHighlighted,
  NO_HIGHLIGHTS,
} from './board-cues';

const table = (id: string, requestedAssistance: boolean, orderIds: string[]): CueReservation => ({
  id,
  requestedAssistance,
  orders: orderIds.map((orderId) => ({ id: orderId })),
});

describe('boardCues', () => {
  it.each([
    ['the first read announces nothing', null, [table('a', true, ['o1'])], []],
    ['nothing changed', [table('a', false, ['o1'])], [table('a', false, ['o1'])], []],
    [
      'a table starts calling',
      [table('a', false, [])],
      [table('a', true, [])],
      [{ kind: 'assistance', reservationId: 'a', count: 1 }],
    ],
    ['a call that goes on is not news', [table('a', true, [])], [table('a', true, [])], []],
    ['an answered call is not news', [table('a', true, [])], [table('a', false, [])], []],
    [
      'two new orders of one table',
      [table('a', false, ['o1'])],
      [table('a', false, ['o1', 'o2', 'o3'])],
      [{ kind: 'order', reservationId: 'a', count: 2 }],
    ],
    ['a removed order is not news', [table('a', false, ['o1', 'o2'])], [table('a', false, ['o1'])], []],
    [
      'a new reservation arriving with a call and an order',
      [table('a', false, [])],
      [table('a', false, []), table('b', true, ['o9'])],
      [
        { kind: 'assistance', reservationId: 'b', count: 1 },
        { kind: 'order', reservationId: 'b', count: 1 },
      ],
    ],
    [
      'cues of several tables at once',
      [table('a', false, []), table('b', false, ['o1'])],
      [table('a', true, []), table('b', false, ['o1', 'o2'])],
      [
        { kind: 'assistance', reservationId: 'a', count: 1 },
        { kind: 'order', reservationId: 'b', count: 1 },
      ],
    ],
  ] as const)('%s', (_name, previous, next, expected) => {
    expect(boardCues(previous, next)).toEqual(expected);
  });
});

describe('highlights', () => {
  it('highlight a cued table for a while, then let it go', () => {
    const start = 1_000_000;
    const lit = addHighlights(NO_HIGHLIGHTS, [{ kind: 'order', reservationId: 'a', count: 1 }], start);
    expect(isHighlighted(lit, 'a', start + 1)).toBe(true);
    expect(isHighlighted(lit, 'b', start + 1)).toBe(false);
    expect(isHighlighted(lit, 'a', start + CUE_HIGHLIGHT_MS)).toBe(false);
  });

  it('drop expired highlights and renew a table cued again', () => {
    const start = 1_000_000;
    const first = addHighlights(NO_HIGHLIGHTS, [{ kind: 'order', reservationId: 'a', count: 1 }], start);
    const later = start + CUE_HIGHLIGHT_MS + 1;
    const second = addHighlights(first, [{ kind: 'assistance', reservationId: 'b', count: 1 }], later);
    expect([...second.until.keys()]).toEqual(['b']);
    const renewed = addHighlights(second, [{ kind: 'order', reservationId: 'b', count: 1 }], later + 10);
    expect(renewed.until.get('b')).toBe(later + 10 + CUE_HIGHLIGHT_MS);
  });
});
