import { describe, expect, it } from 'vitest';
import {
  countMenuFilters,
  hasMenuFilters,
  menuQueryOf,
  readMenuFilters,
  writeMenuFilters,
} from './menu-filters';

const search = (text: string) => new URLSearchParams(text);

describe('menu filters in the URL', () => {
  it('starts unset: no diet, the 0 to 0 price range, nothing sent', () => {
    const filters = readMenuFilters(search(''));
    expect(filters).toEqual({ vegan: false, vegetarian: false, minPrice: 0, maxPrice: 0 });
    expect(menuQueryOf(filters)).toEqual({});
    expect(hasMenuFilters(filters)).toBe(false);
  });

  it('reads what the URL says and sends exactly that to the API', () => {
    const filters = readMenuFilters(search('vegan=true&vegetarian=true&minPrice=500&maxPrice=2000&table=4'));
    expect(filters).toEqual({ vegan: true, vegetarian: true, minPrice: 500, maxPrice: 2000 });
    expect(menuQueryOf(filters)).toEqual({
      vegan: 'true',
      vegetarian: 'true',
      minPrice: 500,
      maxPrice: 2000,
    });
    expect(countMenuFilters(filters)).toBe(3);
  });

  it.each(['-5', '12.5', 'abc', '99999999999', ''])('treats a malformed bound "%s" as no bound', (value) => {
    expect(readMenuFilters(search(`minPrice=${value}&vegan=yes`))).toEqual({
      vegan: false,
      vegetarian: false,
      minPrice: 0,
      maxPrice: 0,
    });
  });

  it('writes only what is set and keeps the other parameters', () => {
    const next = writeMenuFilters(search('table=4&room=Terraza&vegan=true&minPrice=10'), {
      vegan: false,
      vegetarian: true,
      minPrice: 0,
      maxPrice: 1500,
    });
    expect(next.toString()).toBe('table=4&room=Terraza&vegetarian=true&maxPrice=1500');
  });
});
