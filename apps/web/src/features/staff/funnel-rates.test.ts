import { describe, expect, it } from 'vitest';
import { funnelRows } from './funnel-rates';

describe('funnelRows', () => {
  it('gives each step its share of the first and its drop-off from the step before', () => {
    const rows = funnelRows([
      { step: 'restaurant', visitors: 200 },
      { step: 'menu', visitors: 150 },
      { step: 'add_to_cart', visitors: 45 },
      { step: 'order_or_reserve', visitors: 30 },
      { step: 'pay', visitors: 29 },
    ]);
    expect(rows.map((row) => [row.step, row.ofFirst, row.dropOff])).toEqual([
      ['restaurant', 100, null],
      ['menu', 75, 25],
      ['add_to_cart', 22.5, 70],
      ['order_or_reserve', 15, 33.3],
      ['pay', 14.5, 3.3],
    ]);
  });

  it('has no percentages without visitors, and no negative drop-off when a step holds more', () => {
    expect(
      funnelRows([
        { step: 'restaurant', visitors: 0 },
        { step: 'menu', visitors: 3 },
        { step: 'add_to_cart', visitors: 5 },
      ]).map((row) => [row.ofFirst, row.dropOff]),
    ).toEqual([
      [null, null],
      [null, null],
      [null, 0],
    ]);
  });
});
