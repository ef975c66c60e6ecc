import { describe, expect, it } from 'vitest';
import { menu, product } from '@/testing/fixtures';
import { groupMenu, productDietaryTags } from './group-menu';

describe('groupMenu', () => {
  it('follows the section order, drops empty sections and puts unknown sections last', () => {
    const starter = product({ section: 'starters' });
    const main = product({ section: 'mains' });
    const stray = product({ section: 'specials' });
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
