import { describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.ts';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  assertRequiredPreferences,
  clampQuantity,
  missingRequiredPreferences,
  priceProduct,
  type PreferenceSelection,
  type PricedProduct,
  type ProductPreference,
  type ProductPrice,
} from './price-product.ts';

const preferences: ProductPreference[] = [
  {
    key: 'size',
    name: { es: 'Tamaño', en: 'Size' },
    multiple: false,
    options: [
      { key: 'regular', priceMinor: 0 },
      { key: 'large', priceMinor: 1500 },
    ],
  },
  {
    key: 'extras',
    multiple: true,
    options: [
      { key: 'cheese', priceMinor: 500, maxQuantity: 3 },
      { key: 'bacon', priceMinor: 800 },
      { key: 'onion', priceMinor: 0, maxQuantity: 1 },
    ],
  },
  {
    key: 'sauce',
    multiple: false,
    options: [{ key: 'mayo', priceMinor: 200 }],
  },
];

const burger: PricedProduct = { priceMinor: 5990, preferences };

const pick = (preferenceKey: string, optionKey: string, quantity = 1): PreferenceSelection => ({
  preferenceKey,
  optionKey,
  quantity,
});

const price = (
  unitPriceMinor: number,
  subtotalMinor: number,
  discountMinor: number,
  totalMinor: number,
): ProductPrice => ({ unitPriceMinor, subtotalMinor, discountMinor, totalMinor });

describe('priceProduct', () => {
  it.each<[string, PricedProduct, PreferenceSelection[], number, ProductPrice]>([
    ['base only', burger, [], 1, price(5990, 5990, 0, 5990)],
    ['base × quantity', burger, [], 3, price(5990, 17970, 0, 17970)],
    ['no preferences on product', { priceMinor: 1000 }, [], 2, price(1000, 2000, 0, 2000)],
    ['free product', { priceMinor: 0 }, [], 4, price(0, 0, 0, 0)],
    ['single-choice option', burger, [pick('size', 'large')], 1, price(7490, 7490, 0, 7490)],
    ['single-choice option × quantity', burger, [pick('size', 'large')], 2, price(7490, 14980, 0, 14980)],
    [
      'multiple-choice option × its quantity',
      burger,
      [pick('extras', 'cheese', 3)],
      1,
      price(7490, 7490, 0, 7490),
    ],
    [
      'everything together, times line quantity',
      burger,
      [pick('size', 'large'), pick('extras', 'cheese', 2), pick('extras', 'bacon', 4), pick('sauce', 'mayo')],
      2,
      // 5990 + 1500 + 2×500 + 4×800 + 200 = 11890
      price(11890, 23780, 0, 23780),
    ],
    [
      'option with no maxQuantity takes any quantity',
      burger,
      [pick('extras', 'bacon', 50)],
      1,
      price(45990, 45990, 0, 45990),
    ],
  ])('%s', (_label, product, selections, quantity, expected) => {
    expect(priceProduct({ product, selections, quantity })).toEqual(expected);
  });

  it('treats missing or null selections as none', () => {
    expect(priceProduct({ product: burger, quantity: 1 })).toEqual(price(5990, 5990, 0, 5990));
    expect(priceProduct({ product: burger, selections: null, quantity: 1 })).toEqual(
      price(5990, 5990, 0, 5990),
    );
  });

  describe('discounts (per unit, on base + options)', () => {
    const small: PricedProduct = { priceMinor: 333 };
    it.each<[string, Partial<PricedProduct>, PreferenceSelection[], number, ProductPrice, PricedProduct?]>([
      ['amount per unit', { discount: 1000, discountType: 'amount' }, [], 3, price(5990, 17970, 3000, 14970)],
      [
        'amount applies to base + options',
        { discount: 1000, discountType: 'amount' },
        [pick('size', 'large')],
        1,
        price(7490, 7490, 1000, 6490),
      ],
      [
        'amount larger than the unit price stops at 0',
        { discount: 9000, discountType: 'amount' },
        [],
        2,
        price(5990, 11980, 11980, 0),
      ],
      [
        'amount equal to unit price',
        { discount: 5990, discountType: 'amount' },
        [],
        1,
        price(5990, 5990, 5990, 0),
      ],
      ['percent', { discount: 10, discountType: 'percent' }, [], 1, price(5990, 5990, 599, 5391)],
      [
        'percent of base + options',
        { discount: 50, discountType: 'percent' },
        [pick('size', 'large')],
        2,
        price(7490, 14980, 7490, 7490),
      ],
      // 5990 × 15 % = 898.5 → rounds half up to 899 per unit
      [
        'percent rounds half up per unit',
        { discount: 15, discountType: 'percent' },
        [],
        2,
        price(5990, 11980, 1798, 10182),
      ],
      // 5990 × 12.5 % = 748.75 → 749
      [
        'fractional percent',
        { discount: 12.5, discountType: 'percent' },
        [],
        1,
        price(5990, 5990, 749, 5241),
      ],
      // 333 × 1 % = 3.33 → 3 (rounds down below half)
      [
        'percent rounds down below half',
        { discount: 1, discountType: 'percent' },
        [],
        1,
        price(333, 333, 3, 330),
        small,
      ],
      ['100 percent', { discount: 100, discountType: 'percent' }, [], 3, price(5990, 17970, 17970, 0)],
      ['0 percent', { discount: 0, discountType: 'percent' }, [], 1, price(5990, 5990, 0, 5990)],
      ['null discount', { discount: null, discountType: null }, [], 1, price(5990, 5990, 0, 5990)],
      ['zero discount without type', { discount: 0, discountType: null }, [], 1, price(5990, 5990, 0, 5990)],
    ])('%s', (_label, discount, selections, quantity, expected, base = burger) => {
      expect(priceProduct({ product: { ...base, ...discount }, selections, quantity })).toEqual(expected);
    });

    it('rounds half up exactly at .5 on a CLP price', () => {
      // 1 × 50 % = 0.5 → 1
      const product: PricedProduct = { priceMinor: 1, discount: 50, discountType: 'percent' };
      expect(priceProduct({ product, quantity: 1 })).toEqual(price(1, 1, 1, 0));
    });

    it.each<[string, Partial<PricedProduct>]>([
      ['negative amount', { discount: -1, discountType: 'amount' }],
      ['fractional amount', { discount: 10.5, discountType: 'amount' }],
      ['percent above 100', { discount: 101, discountType: 'percent' }],
      ['negative percent', { discount: -5, discountType: 'percent' }],
      ['NaN', { discount: Number.NaN, discountType: 'percent' }],
      ['discount without type', { discount: 100, discountType: null }],
      ['unknown type', { discount: 100, discountType: 'fixed' as never }],
    ])('rejects %s with INVALID_DISCOUNT', (_label, discount) => {
      expectDomainError(
        () => priceProduct({ product: { ...burger, ...discount }, quantity: 1 }),
        'INVALID_DISCOUNT',
      );
    });
  });

  describe('validation', () => {
    it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
      'rejects quantity %s with INVALID_QUANTITY',
      (quantity) => {
        expectDomainError(() => priceProduct({ product: burger, quantity }), 'INVALID_QUANTITY');
      },
    );

    it.each<[string, PreferenceSelection[]]>([
      ['unknown preference', [pick('drink', 'cola')]],
      ['unknown option', [pick('size', 'huge')]],
      ['option of another preference', [pick('size', 'cheese')]],
      ['two options in a single-choice preference', [pick('size', 'regular'), pick('size', 'large')]],
      ['same option twice in a single-choice preference', [pick('size', 'large'), pick('size', 'large')]],
      ['single-choice option with quantity 2', [pick('size', 'large', 2)]],
      [
        'same option twice in a multiple-choice preference',
        [pick('extras', 'bacon'), pick('extras', 'bacon')],
      ],
      ['option quantity 0', [pick('extras', 'bacon', 0)]],
      ['negative option quantity', [pick('extras', 'bacon', -1)]],
      ['fractional option quantity', [pick('extras', 'bacon', 1.5)]],
      ['option quantity above maxQuantity', [pick('extras', 'cheese', 4)]],
      ['option quantity above maxQuantity 1', [pick('extras', 'onion', 2)]],
    ])('rejects %s with INVALID_PREFERENCE', (_label, selections) => {
      expectDomainError(
        () => priceProduct({ product: burger, selections, quantity: 1 }),
        'INVALID_PREFERENCE',
      );
    });

    it('accepts an option quantity equal to maxQuantity and several options of a multiple-choice preference', () => {
      const result = priceProduct({
        product: burger,
        selections: [pick('extras', 'cheese', 3), pick('extras', 'onion', 1), pick('extras', 'bacon', 1)],
        quantity: 1,
      });
      expect(result.unitPriceMinor).toBe(5990 + 1500 + 0 + 800);
    });

    it.each<[string, PricedProduct, PreferenceSelection[], DomainErrorCode]>([
      ['negative base price', { priceMinor: -1 }, [], 'INVALID_PRICE'],
      ['fractional base price', { priceMinor: 10.5 }, [], 'INVALID_PRICE'],
      [
        'fractional option price',
        {
          priceMinor: 100,
          preferences: [{ key: 'p', multiple: true, options: [{ key: 'o', priceMinor: 0.5 }] }],
        },
        [pick('p', 'o')],
        'INVALID_PRICE',
      ],
      ['overflowing subtotal', { priceMinor: Number.MAX_SAFE_INTEGER }, [], 'INVALID_AMOUNT'],
    ])('rejects %s', (_label, product, selections, code) => {
      expectDomainError(() => priceProduct({ product, selections, quantity: 2 }), code);
    });
  });
});

describe('clampQuantity', () => {
  it.each<[number, number | undefined, number]>([
    [1, undefined, 1],
    [5, undefined, 5],
    [0, undefined, 1],
    [-3, undefined, 1],
    [2.7, undefined, 2],
    [0.5, undefined, 1],
    [Number.NaN, undefined, 1],
    [Number.POSITIVE_INFINITY, undefined, 1],
    [Number.NEGATIVE_INFINITY, undefined, 1],
    [7, 5, 5],
    [Number.POSITIVE_INFINITY, 5, 5],
    [3, 5, 3],
    [3, 0, 1],
  ])('clampQuantity(%s, %s) = %i', (quantity, max, expected) => {
    expect(clampQuantity(quantity, max)).toBe(expected);
  });
});

describe('missingRequiredPreferences', () => {
  const required: ProductPreference[] = [
    { key: 'size', multiple: false, required: true, options: [{ key: 'regular', priceMinor: 0 }] },
    {
      key: 'extras',
      multiple: true,
      required: true,
      options: [
        { key: 'cheese', priceMinor: 500 },
        { key: 'bacon', priceMinor: 800 },
      ],
    },
    { key: 'sauce', multiple: false, required: false, options: [{ key: 'mayo', priceMinor: 0 }] },
    { key: 'side', multiple: false, options: [{ key: 'fries', priceMinor: 0 }] },
  ];

  it.each<[string, readonly ProductPreference[] | null, PreferenceSelection[] | null, string[]]>([
    ['nothing chosen: every required one, in the product order', required, [], ['size', 'extras']],
    ['no selections at all', required, null, ['size', 'extras']],
    ['a product without preferences', null, [], []],
    ['no required preference', preferences, [], []],
    ['single-choice chosen', required, [pick('size', 'regular')], ['extras']],
    ['one option of a multiple-choice is enough', required, [pick('extras', 'bacon', 2)], ['size']],
    ['all chosen', required, [pick('extras', 'cheese'), pick('size', 'regular')], []],
    [
      'optional ones chosen do not count',
      required,
      [pick('sauce', 'mayo'), pick('side', 'fries')],
      ['size', 'extras'],
    ],
    [
      'an unknown option does not count',
      required,
      [pick('size', 'large'), pick('extras', 'cheese')],
      ['size'],
    ],
    [
      'an option of another preference does not count',
      required,
      [pick('size', 'cheese'), pick('extras', 'regular')],
      ['size', 'extras'],
    ],
  ])('%s', (_label, productPreferences, selections, expected) => {
    expect(missingRequiredPreferences(productPreferences, selections).map((p) => p.key)).toEqual(expected);
  });

  it('assertRequiredPreferences refuses a missing required choice and accepts a complete one', () => {
    expectDomainError(
      () => assertRequiredPreferences(required, [pick('size', 'regular')]),
      'REQUIRED_PREFERENCE_MISSING',
    );
    expect(() =>
      assertRequiredPreferences(required, [pick('size', 'regular'), pick('extras', 'cheese')]),
    ).not.toThrow();
  });
});
