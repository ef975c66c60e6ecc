import { describe, expect, it } from 'vitest';
import { restaurantsChangeOf } from './answer-caches.ts';

const A = '6f1c2a3e-0000-4000-8000-000000000001';
const B = '6f1c2a3e-0000-4000-8000-000000000002';

describe('what an event of the restaurant list channel names', () => {
  it.each([
    // a favourite: that item, never the index
    [{ restaurantId: A }, { restaurantIds: [A], index: false }],
    // migration 0014's announcements
    [
      { restaurantIds: [A, B], index: true },
      { restaurantIds: [A, B], index: true },
    ],
    [
      { restaurantIds: [A], index: false },
      { restaurantIds: [A], index: false },
    ],
    [
      { restaurantIds: [], index: true },
      { restaurantIds: [], index: true },
    ],
    // no rows named (a large change, TRUNCATE) or anything unexpected: everything
    [null, null],
    [undefined, null],
    ['restaurants', null],
    [{ restaurantIds: [A] }, null],
    [{ restaurantIds: [A, 7], index: true }, null],
    [{ restaurantIds: A, index: true }, null],
    [{ restaurantId: 7 }, null],
  ])('%j → %j', (data, expected) => {
    expect(restaurantsChangeOf(data)).toEqual(expected);
  });
});
