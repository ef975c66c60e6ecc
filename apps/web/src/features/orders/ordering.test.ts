import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { product } from '@/testing/fixtures';
import { type ProductRead, productsById } from './ordering';

const ceviche = product();
const lomo = product();
const loaded = (data = ceviche): ProductRead => ({ data, isPending: false, error: null });
const loading: ProductRead = { data: undefined, isPending: true, error: null };
const gone: ProductRead = {
  data: undefined,
  isPending: false,
  error: new ApiError('NOT_FOUND', 404, 'Product not found'),
};
const failed: ProductRead = { data: undefined, isPending: false, error: new TypeError('Failed to fetch') };

describe('productsById (the cart priced with the details of its dishes)', () => {
  it.each([
    ['nothing to read', [], []],
    ['every read done', [loaded(ceviche), loaded(lomo)], [ceviche.id, lomo.id]],
    ['a dish off the menu (404) is left out', [loaded(ceviche), gone], [ceviche.id]],
    ['one still loading', [loaded(ceviche), loading], null],
    ['one failed otherwise (offline, 5xx): not known', [loaded(ceviche), failed], null],
  ] as const)('%s', (_label, reads: readonly ProductRead[], expected: readonly string[] | null) => {
    const products = productsById(reads);
    expect(products === null ? null : [...products.keys()]).toEqual(expected);
    if (products) for (const [id, found] of products) expect(found.id).toBe(id);
  });
});
