import { describe, expect, it } from 'vitest';
import {
  countRestaurantFilters,
  readRestaurantFilters,
  restaurantQueryOf,
  writeRestaurantFilters,
} from './restaurant-filters';

const search = (text: string) => new URLSearchParams(text);

describe('restaurant filters in the URL', () => {
  it('reads name, diet and categories (comma list or repeated, normalised, no duplicates)', () => {
    const filters = readRestaurantFilters(
      search('q=%20ceviche%20&vegan=true&category=Peruvian,seafood&category=peruvian&category=bad%20key'),
    );
    expect(filters).toEqual({
      q: 'ceviche',
      vegan: true,
      vegetarian: false,
      categories: ['peruvian', 'seafood'],
    });
    expect(countRestaurantFilters(filters)).toBe(3);
  });

  it('writes back only what is on, keeping other parameters', () => {
    const next = writeRestaurantFilters(search('table=3&vegetarian=true'), {
      q: 'taco',
      vegan: true,
      vegetarian: false,
      categories: ['chilean', 'bar'],
    });
    expect(next.toString()).toBe('table=3&q=taco&vegan=true&category=chilean%2Cbar');
  });

  it('asks the API by name, or by distance from a position', () => {
    const filters = readRestaurantFilters(search('vegetarian=true&category=tapas'));
    expect(restaurantQueryOf(filters, null)).toEqual({ vegetarian: 'true', category: 'tapas' });
    expect(restaurantQueryOf({ ...filters, q: 'x' }, { lat: -33.4372345678, lng: -70.6506789 })).toEqual({
      q: 'x',
      vegetarian: 'true',
      category: 'tapas',
      lat: -33.43723,
      lng: -70.65068,
      sort: 'distance',
    });
  });
});
