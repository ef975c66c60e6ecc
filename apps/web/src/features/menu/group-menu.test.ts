import { describe, expect, it } from 'vitest';
import { menu, menuItem, product } from '@/testing/fixtures';
import { firstDishes, groupMenu, type MenuGroup, productDietaryTags } from './group-menu';

describe('groupMenu', () => {
  it('follows the section order, drops empty sections and puts unknown sections last', () => {
    const starter = menuItem(product({ section: 'starters' }));
    const main = menuItem(product({ section: 'mains' }));
    const stray = menuItem(product({ section: 'specials' }));
    const groups = groupMenu(
      menu({
        sections: [
          { key: 'desserts', name: { es: 'Postres', en: 'Desserts' } },
          { key: 'starters', name: { es: 'Entradas', en: 'Starters' } },
          { key: 'mains', name: { es: 'Fondos', en: 'Mains' } },
        ],
        items: [main, stray, starter],
      }),
    );
    expect(groups.map((group) => [group.key, group.items])).toEqual([
      ['starters', [starter]],
      ['mains', [main]],
      ['other', [stray]],
    ]);
    expect(groups[2]!.name).toBeNull();
  });
});

describe('firstDishes', () => {
  const group = (key: string, size: number): MenuGroup => ({
    key,
    name: { es: key, en: key },
    items: Array.from({ length: size }, () => menuItem(product({ section: key }))),
  });
  const groups = [group('starters', 3), group('mains', 4), group('desserts', 2)];
  const shape = (shown: MenuGroup[]) => shown.map((g) => [g.key, g.items.length]);

  it.each([
    [0, []],
    [2, [['starters', 2]]],
    [3, [['starters', 3]]],
    [
      5,
      [
        ['starters', 3],
        ['mains', 2],
      ],
    ],
    [
      9,
      [
        ['starters', 3],
        ['mains', 4],
        ['desserts', 2],
      ],
    ],
    [
      500,
      [
        ['starters', 3],
        ['mains', 4],
        ['desserts', 2],
      ],
    ],
  ])('the first %i dishes, section by section', (count, expected) => {
    expect(shape(firstDishes(groups, count))).toEqual(expected);
  });

  it('keeps the same dishes in the same order, and whole sections as they are', () => {
    const shown = firstDishes(groups, 5);
    expect(shown[0]).toBe(groups[0]);
    expect(shown[1]!.items).toEqual(groups[1]!.items.slice(0, 2));
  });
});

describe('productDietaryTags', () => {
  it('folds the vegan / vegetarian flags into the tags, in the canonical order, once', () => {
    expect(productDietaryTags({ tags: ['spicy', 'vegan'], vegan: true, vegetarian: true })).toEqual([
      'vegetarian',
      'vegan',
      'spicy',
    ]);
    expect(productDietaryTags({ tags: [], vegan: false, vegetarian: false })).toEqual([]);
  });
});
