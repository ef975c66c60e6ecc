import { missingRequiredPreferences, priceProduct } from '@comensal/domain';
import { describe, expect, it } from 'vitest';
import { product } from '@/testing/fixtures';
import { chooseMultiple, chooseSingle, EMPTY_CHOICE, priceChoice, selectionsOf } from './product-choice';

const dish = product({
  price: 5000,
  discount: 10,
  discountType: 'percent',
  preferences: [
    {
      key: 'size',
      name: { es: 'Tamaño', en: 'Size' },
      multiple: false,
      required: true,
      options: [
        { key: 'small', name: { es: 'Chico', en: 'Small' }, priceMinor: 0 },
        { key: 'large', name: { es: 'Grande', en: 'Large' }, priceMinor: 1500 },
      ],
    },
    {
      key: 'extras',
      name: { es: 'Extras', en: 'Extras' },
      multiple: true,
      required: false,
      options: [
        { key: 'cheese', name: { es: 'Queso', en: 'Cheese' }, priceMinor: 700, maxQuantity: 3 },
        { key: 'egg', name: { es: 'Huevo', en: 'Egg' }, priceMinor: 400 },
      ],
    },
  ],
});

describe('product choice', () => {
  it('pre-selects nothing: a required single choice is missing until chosen', () => {
    expect(selectionsOf(dish, EMPTY_CHOICE)).toEqual([]);
    const missing = (choice: typeof EMPTY_CHOICE) =>
      missingRequiredPreferences(dish.preferences, selectionsOf(dish, choice)).map((p) => p.key);
    expect(missing(EMPTY_CHOICE)).toEqual(['size']);
    const chosen = chooseSingle(EMPTY_CHOICE, 'size', 'large');
    expect(missing(chosen)).toEqual([]);
    expect(missing(chooseSingle(chosen, 'size', null))).toEqual(['size']);
  });

  it('prices through the domain: options × their quantity, per-unit discount, quantity', () => {
    let choice = chooseSingle(EMPTY_CHOICE, 'size', 'large');
    choice = chooseMultiple(choice, 'extras', 'cheese', 2);
    choice = chooseMultiple(choice, 'extras', 'egg', 1);
    choice = { ...choice, quantity: 3 };
    const selections = selectionsOf(dish, choice);
    expect(selections).toEqual([
      { preferenceKey: 'size', optionKey: 'large', quantity: 1 },
      { preferenceKey: 'extras', optionKey: 'cheese', quantity: 2 },
      { preferenceKey: 'extras', optionKey: 'egg', quantity: 1 },
    ]);
    // unit 5000 + 1500 + 2×700 + 400 = 8300; 10 % = 830 per unit; × 3.
    expect(priceChoice(dish, choice)).toEqual({
      unitPriceMinor: 8300,
      subtotalMinor: 24_900,
      discountMinor: 2490,
      totalMinor: 22_410,
    });
    expect(priceChoice(dish, choice)).toEqual(
      priceProduct({
        product: { priceMinor: 5000, preferences: dish.preferences, discount: 10, discountType: 'percent' },
        selections,
        quantity: 3,
      }),
    );
  });

  it('unticks an option, and reads the choice through the product as it is now', () => {
    let choice = chooseMultiple(EMPTY_CHOICE, 'extras', 'cheese', 9);
    // Above the maximum (the product changed live): kept within it.
    expect(selectionsOf(dish, choice)).toEqual([
      { preferenceKey: 'extras', optionKey: 'cheese', quantity: 3 },
    ]);
    choice = chooseMultiple(choice, 'extras', 'cheese', null);
    expect(selectionsOf(dish, choice)).toEqual([]);
    // An option that no longer exists is dropped instead of breaking the price.
    const gone = chooseSingle(chooseMultiple(EMPTY_CHOICE, 'extras', 'bacon', 1), 'size', 'xl');
    expect(selectionsOf(dish, gone)).toEqual([]);
    expect(priceChoice(dish, { ...gone, quantity: 0 }).totalMinor).toBe(4500);
  });
});
