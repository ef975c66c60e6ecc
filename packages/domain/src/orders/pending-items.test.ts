import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DomainErrorCode } from '../errors.ts';
import type { RandomSource } from '../guest/guest-profile.ts';
import type { PreferenceSelection } from '../pricing/price-product.ts';
import { expectDomainError } from '../testing/expect-domain-error.ts';
import {
  addPendingItem,
  cartPointsNeeded,
  cartSubtotal,
  cartSummary,
  isSamePendingLine,
  MAX_ORDER_QUANTITY,
  newPendingItemId,
  pendingItemCount,
  readCart,
  removePendingItem,
  updatePendingItem,
  type Cart,
  type NewPendingItem,
  type PendingItem,
  type PendingItemChanges,
} from './pending-items.ts';
import type { OrderableProduct } from './points.ts';

const LIMIT = 99_999;
const MAX_BELOW_ONE = 1 - Number.EPSILON / 2;
const fixed =
  (value: number): RandomSource =>
  () =>
    value;
/** A random source that picks the `index`-th (0-based) of `free` choices. */
const pickIndex = (index: number, free: number): RandomSource => fixed((index + 0.5) / free);

const pick = (preferenceKey: string, optionKey: string, quantity = 1): PreferenceSelection => ({
  preferenceKey,
  optionKey,
  quantity,
});
const item = (id: number, overrides: Partial<PendingItem> = {}): PendingItem => ({
  id,
  productId: 'burger',
  quantity: 1,
  comments: '',
  selections: [],
  payWithPoints: false,
  ...overrides,
});

describe('newPendingItemId', () => {
  it.each<[string, number, number[], number]>([
    ['lowest draw, empty cart', 0, [], 1],
    ['highest draw, empty cart', MAX_BELOW_ONE, [], LIMIT - 1],
    ['middle draw', 0.5, [], 50_000],
    ['steps over a taken id', 0, [1], 2],
    ['steps over a run of taken ids', 0, [1, 2, 3], 4],
    ['steps over ids at or below the draw only', 0, [2, 500], 1],
    ['the second free id when 1 is taken', pickIndex(1, LIMIT - 2)(), [1], 3],
    ['highest draw with the top taken', MAX_BELOW_ONE, [LIMIT - 1], LIMIT - 2],
    ['ids outside the range do not count', 0, [0, -3, LIMIT, 1.5], 1],
  ])('%s', (_label, draw, taken, expected) => {
    expect(newPendingItemId(fixed(draw), new Set(taken))).toBe(expected);
  });

  it('gives the one free id left', () => {
    const taken = new Set(Array.from({ length: LIMIT - 1 }, (_, index) => index + 1));
    taken.delete(4242);
    expect(newPendingItemId(fixed(MAX_BELOW_ONE), taken)).toBe(4242);
  });

  it('throws CART_FULL when every id is taken', () => {
    const taken = new Set(Array.from({ length: LIMIT - 1 }, (_, index) => index + 1));
    expectDomainError(() => newPendingItemId(fixed(0), taken), 'CART_FULL');
  });

  it.each([1, -0.1, Number.NaN])('rejects a random source returning %s with INVALID_RANDOM', (value) => {
    expectDomainError(() => newPendingItemId(fixed(value), new Set()), 'INVALID_RANDOM');
  });

  it('maps the draws one to one onto the free ids, in order, never onto a taken one', () => {
    const taken = fc.uniqueArray(fc.integer({ min: 1, max: LIMIT - 1 }), { maxLength: 60 });
    fc.assert(
      fc.property(taken, fc.nat(), (ids, seed) => {
        const set = new Set(ids);
        const free = LIMIT - 1 - set.size;
        const index = seed % (free - 1);
        const id = newPendingItemId(pickIndex(index, free), set);
        const next = newPendingItemId(pickIndex(index + 1, free), set);
        for (const value of [id, next]) {
          expect(Number.isInteger(value) && value >= 1 && value < LIMIT).toBe(true);
          expect(set.has(value)).toBe(false);
        }
        expect(next).toBeGreaterThan(id);
        // no free id between two consecutive draws
        for (let between = id + 1; between < next; between += 1) expect(set.has(between)).toBe(true);
      }),
    );
  });
});

describe('isSamePendingLine', () => {
  const base = item(1, {
    selections: [pick('size', 'large'), pick('extras', 'cheese', 2)],
    comments: 'sin sal',
  });
  it.each<[string, Partial<PendingItem>, boolean]>([
    ['itself', {}, true],
    ['another id and quantity', { id: 2, quantity: 5 }, true],
    [
      'selections in another order',
      { selections: [pick('extras', 'cheese', 2), pick('size', 'large')] },
      true,
    ],
    ['another product', { productId: 'pizza' }, false],
    ['other comments', { comments: 'con sal' }, false],
    ['paid with points', { payWithPoints: true }, false],
    ['another option quantity', { selections: [pick('size', 'large'), pick('extras', 'cheese', 3)] }, false],
    ['one selection fewer', { selections: [pick('size', 'large')] }, false],
    ['no selections', { selections: [] }, false],
  ])('%s → %s', (_label, overrides, expected) => {
    expect(isSamePendingLine(base, { ...base, ...overrides })).toBe(expected);
  });
});

describe('addPendingItem', () => {
  const cart: Cart = [item(7, { quantity: 2 }), item(9, { productId: 'pizza', comments: 'bien cocida' })];

  it.each<[string, NewPendingItem, PendingItem[]]>([
    [
      'a new line goes last with a fresh id and defaults',
      { productId: 'water', quantity: 1 },
      [...cart, item(1, { productId: 'water' })],
    ],
    [
      'the same line grows instead of repeating',
      { productId: 'burger', quantity: 3 },
      [item(7, { quantity: 5 }), cart[1]!],
    ],
    [
      'comments are trimmed before comparing',
      { productId: 'pizza', quantity: 2, comments: '  bien cocida ' },
      [cart[0]!, item(9, { productId: 'pizza', comments: 'bien cocida', quantity: 3 })],
    ],
    [
      'other comments make another line',
      { productId: 'burger', quantity: 1, comments: 'sin cebolla' },
      [...cart, item(1, { comments: 'sin cebolla' })],
    ],
    [
      'paying with points makes another line',
      { productId: 'burger', quantity: 1, payWithPoints: true },
      [...cart, item(1, { payWithPoints: true })],
    ],
    [
      'selections make another line',
      { productId: 'burger', quantity: 1, selections: [pick('size', 'large')] },
      [...cart, item(1, { selections: [pick('size', 'large')] })],
    ],
    [
      'a merged quantity stops at 99',
      { productId: 'burger', quantity: 98 },
      [item(7, { quantity: MAX_ORDER_QUANTITY }), cart[1]!],
    ],
    [
      'null comments, selections and payWithPoints are the defaults',
      { productId: 'burger', quantity: 1, comments: null, selections: null, payWithPoints: null },
      [item(7, { quantity: 3 }), cart[1]!],
    ],
  ])('%s', (_label, added, expected) => {
    expect(addPendingItem(cart, added, fixed(0))).toEqual(expected);
  });

  it('leaves the given cart untouched and keeps unchanged items as they were', () => {
    const before = structuredClone(cart);
    const after = addPendingItem(cart, { productId: 'burger', quantity: 1 }, fixed(0));
    expect(cart).toEqual(before);
    expect(after[1]).toBe(cart[1]);
  });

  it('gives the new line an id no other item has', () => {
    const taken: Cart = [item(1), item(2, { productId: 'pizza' })];
    const [, , added] = addPendingItem(taken, { productId: 'water', quantity: 1 }, fixed(0));
    expect(added?.id).toBe(3);
  });

  it('matches selections in any order', () => {
    const withOptions = [item(4, { selections: [pick('size', 'large'), pick('extras', 'cheese', 2)] })];
    const added = addPendingItem(
      withOptions,
      { productId: 'burger', quantity: 1, selections: [pick('extras', 'cheese', 2), pick('size', 'large')] },
      fixed(0),
    );
    expect(added).toEqual([{ ...withOptions[0], quantity: 2 }]);
  });

  it.each<[string, NewPendingItem, DomainErrorCode]>([
    ['no product id', { productId: '', quantity: 1 }, 'INVALID_PENDING_ITEM'],
    ['a product id that is not text', { productId: 5 as never, quantity: 1 }, 'INVALID_PENDING_ITEM'],
    ['quantity 0', { productId: 'burger', quantity: 0 }, 'INVALID_QUANTITY'],
    ['quantity 100', { productId: 'burger', quantity: 100 }, 'INVALID_QUANTITY'],
    ['a fractional quantity', { productId: 'burger', quantity: 1.5 }, 'INVALID_QUANTITY'],
    [
      'comments of 301 characters',
      { productId: 'burger', quantity: 1, comments: 'x'.repeat(301) },
      'INVALID_COMMENTS',
    ],
    [
      'comments that are not text',
      { productId: 'burger', quantity: 1, comments: 3 as never },
      'INVALID_COMMENTS',
    ],
    [
      'a selection with quantity 0',
      { productId: 'burger', quantity: 1, selections: [pick('extras', 'cheese', 0)] },
      'INVALID_PREFERENCE',
    ],
    [
      'a selection without keys',
      { productId: 'burger', quantity: 1, selections: [{ quantity: 1 } as never] },
      'INVALID_PREFERENCE',
    ],
    [
      'a null selection',
      { productId: 'burger', quantity: 1, selections: [null as never] },
      'INVALID_PREFERENCE',
    ],
    [
      'selections that are not a list',
      { productId: 'burger', quantity: 1, selections: {} as never },
      'INVALID_PREFERENCE',
    ],
    [
      'payWithPoints that is not a boolean',
      { productId: 'burger', quantity: 1, payWithPoints: 'yes' as never },
      'INVALID_PENDING_ITEM',
    ],
  ])('rejects %s', (_label, added, code) => {
    expectDomainError(() => addPendingItem([], added, fixed(0)), code);
  });

  it('accepts comments of exactly 300 characters once trimmed', () => {
    const [added] = addPendingItem(
      [],
      { productId: 'b', quantity: 1, comments: ` ${'x'.repeat(300)} ` },
      fixed(0),
    );
    expect(added?.comments).toHaveLength(300);
  });
});

describe('updatePendingItem', () => {
  const cart: Cart = [item(7, { quantity: 2 }), item(9, { productId: 'pizza' })];

  it.each<[string, PendingItemChanges, PendingItem]>([
    ['quantity', { quantity: 5 }, item(7, { quantity: 5 })],
    ['quantity 0 stays at 1', { quantity: 0 }, item(7, { quantity: 1 })],
    ['a negative quantity stays at 1', { quantity: -4 }, item(7, { quantity: 1 })],
    ['NaN quantity gives 1', { quantity: Number.NaN }, item(7, { quantity: 1 })],
    ['a fractional quantity is rounded down', { quantity: 2.7 }, item(7, { quantity: 2 })],
    ['a quantity above 99 stops at 99', { quantity: 150 }, item(7, { quantity: 99 })],
    ['comments, trimmed', { comments: '  sin sal  ' }, item(7, { quantity: 2, comments: 'sin sal' })],
    [
      'selections',
      { selections: [pick('size', 'large')] },
      item(7, { quantity: 2, selections: [pick('size', 'large')] }),
    ],
    ['payWithPoints', { payWithPoints: true }, item(7, { quantity: 2, payWithPoints: true })],
    ['nothing', {}, item(7, { quantity: 2 })],
  ])('%s', (_label, changes, expected) => {
    expect(updatePendingItem(cart, 7, changes)).toEqual([expected, cart[1]]);
  });

  it('keeps the id and place even when the line becomes the same as another', () => {
    const twins: Cart = [item(7), item(9, { comments: 'sin sal' })];
    expect(updatePendingItem(twins, 9, { comments: '' })).toEqual([item(7), item(9)]);
    expect(twins[1]?.comments).toBe('sin sal');
  });

  it('changes only the fields an edit may change', () => {
    const changes = { productId: 'pizza', id: 1, quantity: 3 } as PendingItemChanges;
    expect(updatePendingItem(cart, 7, changes)).toEqual([item(7, { quantity: 3 }), cart[1]]);
  });

  it.each<[string, number, PendingItemChanges, DomainErrorCode]>([
    ['an unknown id', 8, { quantity: 1 }, 'PENDING_ITEM_NOT_FOUND'],
    ['comments too long', 7, { comments: 'x'.repeat(301) }, 'INVALID_COMMENTS'],
    ['a bad selection', 7, { selections: [pick('a', 'b', -1)] }, 'INVALID_PREFERENCE'],
    ['payWithPoints not a boolean', 7, { payWithPoints: 1 as never }, 'INVALID_PENDING_ITEM'],
  ])('rejects %s', (_label, id, changes, code) => {
    expectDomainError(() => updatePendingItem(cart, id, changes), code);
  });
});

describe('removePendingItem and pendingItemCount', () => {
  const cart: Cart = [item(7, { quantity: 2 }), item(9, { productId: 'pizza', quantity: 3 }), item(11)];

  it.each<[number, number[]]>([
    [9, [7, 11]],
    [7, [9, 11]],
    [11, [7, 9]],
    [8, [7, 9, 11]],
  ])('removing %i leaves %j', (id, left) => {
    expect(removePendingItem(cart, id).map((entry) => entry.id)).toEqual(left);
  });

  it('removing twice is harmless', () => {
    expect(removePendingItem(removePendingItem(cart, 9), 9)).toEqual([cart[0], cart[2]]);
  });

  it.each<[Cart, number]>([
    [[], 0],
    [[item(1)], 1],
    [cart, 6],
    [[item(1, { quantity: 99 }), item(2, { quantity: 99 })], 198],
  ])('pendingItemCount → %i', (items, expected) => {
    expect(pendingItemCount(items)).toBe(expected);
  });
});

describe('cartSummary', () => {
  const menu = new Map<string, OrderableProduct>([
    [
      'burger',
      {
        priceMinor: 5990,
        pointsPrice: 80,
        preferences: [{ key: 'size', multiple: false, options: [{ key: 'large', priceMinor: 1500 }] }],
      },
    ],
    ['pizza', { priceMinor: 9000, discount: 10, discountType: 'percent' }],
    ['free', { priceMinor: 0 }],
  ]);
  const lookup = (productId: string) => menu.get(productId);

  it('sums the money of the priced lines and the points of the lines paid with points', () => {
    const cart: Cart = [
      item(1, { quantity: 2, selections: [pick('size', 'large')] }), // 2 × 7490
      item(2, { productId: 'pizza' }), // 9000 − 900
      item(3, { quantity: 3, payWithPoints: true, selections: [pick('size', 'large')] }), // 3 × 80 points
      item(4, { productId: 'free', quantity: 4 }),
    ];
    expect(cartSummary(cart, lookup)).toEqual({
      itemCount: 10,
      subtotalMinor: 14980 + 8100,
      pointsNeeded: 240,
      lines: [
        { itemId: 1, totalMinor: 14980, pointsSpent: 0 },
        { itemId: 2, totalMinor: 8100, pointsSpent: 0 },
        { itemId: 3, totalMinor: 0, pointsSpent: 240 },
        { itemId: 4, totalMinor: 0, pointsSpent: 0 },
      ],
      problems: [],
    });
  });

  it('reports the lines it cannot price, never drops them silently', () => {
    const cart: Cart = [
      item(1),
      item(2, { productId: 'gone' }),
      item(3, { selections: [pick('size', 'huge')] }),
      item(4, { productId: 'pizza', payWithPoints: true }),
      item(5, { productId: 'pizza', quantity: 2 }),
    ];
    const summary = cartSummary(cart, lookup);
    expect(summary.itemCount).toBe(6);
    expect(summary.subtotalMinor).toBe(5990 + 16200);
    expect(summary.lines.map((line) => line.itemId)).toEqual([1, 5]);
    expect(summary.problems.map(({ itemId, productId, code }) => ({ itemId, productId, code }))).toEqual([
      { itemId: 2, productId: 'gone', code: 'UNKNOWN_PRODUCT' },
      { itemId: 3, productId: 'burger', code: 'INVALID_PREFERENCE' },
      { itemId: 4, productId: 'pizza', code: 'NOT_PAYABLE_WITH_POINTS' },
    ]);
    expect(summary.problems.every((problem) => problem.message.length > 0)).toBe(true);
  });

  it('an empty cart is all zeros', () => {
    expect(cartSummary([], lookup)).toEqual({
      itemCount: 0,
      subtotalMinor: 0,
      pointsNeeded: 0,
      lines: [],
      problems: [],
    });
  });

  it('cartSubtotal and cartPointsNeeded read the same summary', () => {
    const cart: Cart = [
      item(1),
      item(2, { payWithPoints: true, quantity: 2 }),
      item(3, { productId: 'gone' }),
    ];
    const problems = cartSummary(cart, lookup).problems;
    expect(cartSubtotal(cart, lookup)).toEqual({ subtotalMinor: 5990, problems });
    expect(cartPointsNeeded(cart, lookup)).toEqual({ pointsNeeded: 160, problems });
  });

  it('throws INVALID_AMOUNT when the subtotal overflows', () => {
    const dear = new Map<string, OrderableProduct>([['gold', { priceMinor: Number.MAX_SAFE_INTEGER }]]);
    expectDomainError(
      () =>
        cartSummary([item(1, { productId: 'gold' }), item(2, { productId: 'gold', comments: 'x' })], (id) =>
          dear.get(id),
        ),
      'INVALID_AMOUNT',
    );
  });

  it('lets errors other than rule violations through', () => {
    const broken = Object.defineProperty({}, 'priceMinor', {
      get: () => {
        throw new TypeError('broken product row');
      },
    }) as OrderableProduct;
    expect(() => cartSummary([item(1)], () => broken)).toThrow(TypeError);
  });
});

describe('readCart', () => {
  const good = item(5, { quantity: 2, comments: 'sin sal', selections: [pick('size', 'large')] });

  it.each<[string, unknown, PendingItem[]]>([
    ['a valid cart', [good, item(6, { productId: 'pizza' })], [good, item(6, { productId: 'pizza' })]],
    ['not a list', { 0: good }, []],
    ['null', null, []],
    ['a string', 'cart', []],
    ['an empty list', [], []],
    ['a repeated id keeps the first', [good, item(5, { productId: 'pizza' })], [good]],
    [
      'payWithPoints missing is false',
      [{ id: 1, productId: 'b', quantity: 1 }],
      [item(1, { productId: 'b' })],
    ],
  ])('%s', (_label, stored, expected) => {
    expect(readCart(stored)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a number', 3],
    ['id 0', { ...good, id: 0 }],
    ['id 99 999', { ...good, id: LIMIT }],
    ['a fractional id', { ...good, id: 1.5 }],
    ['an id as text', { ...good, id: '5' }],
    ['no product', { ...good, productId: undefined }],
    ['quantity 0', { ...good, quantity: 0 }],
    ['quantity 100', { ...good, quantity: 100 }],
    ['comments too long', { ...good, comments: 'x'.repeat(301) }],
    ['a broken selection', { ...good, selections: [{ preferenceKey: 'size' }] }],
    ['payWithPoints as text', { ...good, payWithPoints: 'true' }],
  ])('drops an item with %s', (_label, stored) => {
    expect(readCart([stored, item(8)])).toEqual([item(8)]);
  });

  it('reads back what the cart operations wrote, through JSON', () => {
    let cart: PendingItem[] = [];
    cart = addPendingItem(cart, { productId: 'burger', quantity: 2, comments: 'sin sal' }, fixed(0.25));
    cart = addPendingItem(
      cart,
      { productId: 'pizza', quantity: 1, selections: [pick('size', 'large')] },
      fixed(0.75),
    );
    expect(readCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
  });
});

describe('cart operations together', () => {
  const newItem = fc.record({
    productId: fc.constantFrom('burger', 'pizza', 'water'),
    quantity: fc.integer({ min: 1, max: MAX_ORDER_QUANTITY }),
    comments: fc.constantFrom('', 'sin sal', ' sin sal '),
    payWithPoints: fc.boolean(),
  });
  const step = fc.oneof(
    fc.record({
      op: fc.constant('add' as const),
      added: newItem,
      draw: fc.double({ min: 0, max: MAX_BELOW_ONE, noNaN: true }),
    }),
    fc.record({
      op: fc.constant('update' as const),
      pick: fc.nat(),
      quantity: fc.integer({ min: -5, max: 120 }),
    }),
    fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }),
  );

  it('keep ids unique and in range, quantities in 1–99, no two identical lines from adding, count = Σ quantity', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let cart: PendingItem[] = [];
        for (const action of steps) {
          if (action.op === 'add') cart = addPendingItem(cart, action.added, fixed(action.draw));
          else if (cart.length > 0) {
            const target = cart[action.pick % cart.length]!;
            cart =
              action.op === 'update'
                ? updatePendingItem(cart, target.id, { quantity: action.quantity })
                : removePendingItem(cart, target.id);
          }
          const ids = cart.map((entry) => entry.id);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.every((id) => Number.isInteger(id) && id >= 1 && id < LIMIT)).toBe(true);
          expect(cart.every((entry) => entry.quantity >= 1 && entry.quantity <= MAX_ORDER_QUANTITY)).toBe(
            true,
          );
          for (const [index, entry] of cart.entries()) {
            expect(cart.slice(index + 1).some((other) => isSamePendingLine(entry, other))).toBe(false);
          }
          expect(pendingItemCount(cart)).toBe(cart.reduce((sum, entry) => sum + entry.quantity, 0));
        }
      }),
    );
  });
});
