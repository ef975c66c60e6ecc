import { describe, expect, it } from 'vitest';
import { canStaffMoveStatus, RESERVATION_LIFECYCLE, STAFF_SETTABLE_STATUSES } from './status-transitions.ts';

describe('canStaffMoveStatus (docs/product.md#staff-console)', () => {
  it.each<[string, string, boolean]>([
    ['confirmed', 'seated', true],
    ['confirmed', 'completed', true],
    ['seated', 'completed', true],
    // the same status is not a move
    ['confirmed', 'confirmed', false],
    ['seated', 'seated', false],
    ['completed', 'completed', false],
    // never back
    ['seated', 'confirmed', false],
    ['completed', 'seated', false],
    ['completed', 'confirmed', false],
    // cancelled is final, and staff never cancel
    ['cancelled', 'seated', false],
    ['cancelled', 'completed', false],
    ['confirmed', 'cancelled', false],
    ['seated', 'cancelled', false],
    // unknown values
    ['', 'seated', false],
    ['confirmed', 'eaten', false],
    ['__proto__', 'seated', false],
    ['toString', 'completed', false],
  ])('%s → %s: %s', (from, to, allowed) => {
    expect(canStaffMoveStatus(from, to)).toBe(allowed);
  });

  it('lets every status reach completed at most once, and nothing leaves completed or cancelled', () => {
    for (const from of RESERVATION_LIFECYCLE) {
      const reachable = STAFF_SETTABLE_STATUSES.filter((to) => canStaffMoveStatus(from, to));
      if (from === 'completed' || from === 'cancelled') expect(reachable).toEqual([]);
      else expect(reachable).toContain('completed');
    }
  });
});
