import { describe, expect, it } from 'vitest';
import {
  forgetRememberedRestaurant,
  getRememberedRestaurantId,
  getTableContext,
  rememberVisit,
  tableQueryFor,
} from './visit-context';

const search = (query = '') => new URLSearchParams(query);

describe('remembered restaurant', () => {
  it('is remembered from any route that has a restaurantId, under localStorage "restaurantId"', () => {
    expect(getRememberedRestaurantId()).toBeNull();
    rememberVisit({ restaurantId: 'r1' }, search());
    expect(localStorage.getItem('restaurantId')).toBe('r1');
    rememberVisit({ restaurantId: 'r2', productId: 'p1' }, search());
    expect(getRememberedRestaurantId()).toBe('r2');
  });

  it('is kept on routes without a restaurant', () => {
    rememberVisit({ restaurantId: 'r1' }, search());
    rememberVisit({}, search());
    expect(getRememberedRestaurantId()).toBe('r1');
  });

  it('is forgotten on request ("See all restaurants")', () => {
    rememberVisit({ restaurantId: 'r1' }, search());
    forgetRememberedRestaurant();
    expect(getRememberedRestaurantId()).toBeNull();
    expect(localStorage.getItem('restaurantId')).toBeNull();
  });

  it('ignores a blank stored value', () => {
    localStorage.setItem('restaurantId', '  ');
    expect(getRememberedRestaurantId()).toBeNull();
  });

  it('survives storage that throws', () => {
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(() => rememberVisit({ restaurantId: 'r1' }, search('table=2'))).not.toThrow();
    } finally {
      Storage.prototype.setItem = original;
    }
  });
});

describe('table context', () => {
  it('keeps table and room from the query, for this session only', () => {
    rememberVisit({ restaurantId: 'r1' }, search('table=4&room=Terraza'));
    expect(getTableContext()).toEqual({ restaurantId: 'r1', table: '4', room: 'Terraza' });
    expect(sessionStorage.getItem('table')).not.toBeNull();
    expect(localStorage.getItem('table')).toBeNull();
  });

  it('is not overwritten by later navigations without table or room', () => {
    rememberVisit({ restaurantId: 'r1' }, search('table=4'));
    rememberVisit({ restaurantId: 'r1' }, search());
    expect(getTableContext()).toEqual({ restaurantId: 'r1', table: '4', room: null });
  });

  it('completes a partial update for the same restaurant only', () => {
    rememberVisit({ restaurantId: 'r1' }, search('table=4&room=Salón'));
    rememberVisit({ restaurantId: 'r1' }, search('table=5'));
    expect(getTableContext()).toEqual({ restaurantId: 'r1', table: '5', room: 'Salón' });
    rememberVisit({ restaurantId: 'r2' }, search('table=1'));
    expect(getTableContext()).toEqual({ restaurantId: 'r2', table: '1', room: null });
  });

  it('is carried to links: from the current query first, else from the stored context of that restaurant', () => {
    expect(tableQueryFor('r1', search('table=7&room=Barra'))).toEqual({ table: '7', room: 'Barra' });
    rememberVisit({ restaurantId: 'r1' }, search('table=4&room=Terraza'));
    expect(tableQueryFor('r1', search())).toEqual({ table: '4', room: 'Terraza' });
    expect(tableQueryFor('r2', search())).toEqual({});
  });

  it('ignores a malformed stored value', () => {
    sessionStorage.setItem('table', '{"table": 4}');
    expect(getTableContext()).toBeNull();
    sessionStorage.setItem('table', 'not json');
    expect(getTableContext()).toBeNull();
  });
});
