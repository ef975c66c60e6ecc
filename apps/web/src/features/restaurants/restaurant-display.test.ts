import { describe, expect, it } from 'vitest';
import { formatDistance, restaurantDietaryTags } from './restaurant-display';

describe('formatDistance', () => {
  it.each([
    [1234, 'es-ES', '1,2 km'],
    [1234, 'en-US', '1.2 km'],
    [850, 'es-ES', '850 m'],
    [3, 'en-US', '10 m'],
    [999.6, 'en-US', '1,000 m'],
    [152_400, 'en-US', '152 km'],
    [11_862_000, 'es-ES', '11.862 km'],
  ])('%d m in %s → %s', (meters, locale, expected) => {
    expect(formatDistance(meters, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });
});

describe('restaurant dietary badge: only what tells something', () => {
  it.each([
    [{ hasVegan: true, hasVegetarian: true }, ['vegan']],
    [{ hasVegan: false, hasVegetarian: true }, ['vegetarian']],
    [{ hasVegan: false, hasVegetarian: false }, []],
  ])('%o shows %o', (restaurant, tags) => {
    expect(restaurantDietaryTags(restaurant)).toEqual(tags);
  });
});
