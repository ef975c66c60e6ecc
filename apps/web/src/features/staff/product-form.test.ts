import { describe, expect, it } from 'vitest';
import {
  productUpdate,
  checkProductForm,
  type EditableProduct,
  formValuesOf,
  parseAmount,
} from './product-form';

const product: EditableProduct = {
  price: 1250,
  discount: null,
  discountType: null,
  stock: null,
  hidden: false,
  scheduleStart: null,
  scheduleEnd: null,
  scheduleDays: null,
};

describe('parseAmount', () => {
  it.each([
    ['12.50', 'EUR', 1250],
    ['12,5', 'EUR', 1250],
    ['3500', 'CLP', 3500],
    ['0', 'EUR', 0],
    ['12.505', 'EUR', null],
    ['12.5', 'CLP', null],
    ['-1', 'EUR', null],
    ['', 'EUR', null],
    ['abc', 'CLP', null],
    ['9999999999999999', 'CLP', null],
  ] as const)('%s %s → %s', (text, currency, expected) => {
    expect(parseAmount(text, currency)).toBe(expected);
  });
});

describe('checkProductForm', () => {
  const values = formValuesOf(product, 'EUR');

  it('reads the product back as typed values', () => {
    expect(values).toEqual({
      price: '12.5',
      discountType: 'none',
      discount: '',
      stock: '',
      hidden: false,
      scheduleStart: '',
      scheduleEnd: '',
      scheduleDays: [],
    });
    expect(checkProductForm(values, 'EUR')).toEqual({ errors: {}, change: product });
  });

  it.each([
    ['a price that is not an amount', { price: '12,345' }, { price: 'staff.menu.error.price' }],
    ['an empty price', { price: ' ' }, { price: 'staff.menu.error.price' }],
    [
      'a percent over 100',
      { discountType: 'percent', discount: '120' },
      { discount: 'staff.menu.error.discountPercent' },
    ],
    [
      'a percent of 0',
      { discountType: 'percent', discount: '0' },
      { discount: 'staff.menu.error.discountPercent' },
    ],
    [
      'a discount above the price',
      { discountType: 'amount', discount: '13' },
      { discount: 'staff.menu.error.discountAbovePrice' },
    ],
    [
      'an amount discount of nothing',
      { discountType: 'amount', discount: '0' },
      { discount: 'staff.menu.error.discountAmount' },
    ],
    ['a negative stock', { stock: '-2' }, { stock: 'staff.menu.error.stock' }],
    ['a fractional stock', { stock: '1.5' }, { stock: 'staff.menu.error.stock' }],
    ['a schedule without an end', { scheduleStart: '12:00' }, { schedule: 'staff.menu.error.scheduleBoth' }],
    [
      'a schedule of no length',
      { scheduleStart: '12:00', scheduleEnd: '12:00' },
      { schedule: 'staff.menu.error.scheduleSame' },
    ],
    [
      'a time that is not one',
      { scheduleStart: '25:00', scheduleEnd: '12:00' },
      { schedule: 'staff.menu.error.scheduleTime' },
    ],
  ] as const)('refuses %s', (_name, change, errors) => {
    expect(checkProductForm({ ...values, ...change }, 'EUR')).toEqual({ errors, change: null });
  });

  it('builds the change of a full edit (the schedule may cross midnight)', () => {
    const result = checkProductForm(
      {
        price: '9.90',
        discountType: 'percent',
        discount: '15',
        stock: '0',
        hidden: true,
        scheduleStart: '20:00',
        scheduleEnd: '02:00',
        scheduleDays: [5, 6, 0],
      },
      'EUR',
    );
    expect(result).toEqual({
      errors: {},
      change: {
        price: 990,
        discount: 15,
        discountType: 'percent',
        stock: 0,
        hidden: true,
        scheduleStart: '20:00',
        scheduleEnd: '02:00',
        scheduleDays: [0, 5, 6],
      },
    });
    expect(productUpdate(product, result.change!)).toEqual({
      price: 990,
      discount: { type: 'percent', value: 15 },
      stock: 0,
      hidden: true,
      scheduleStart: '20:00',
      scheduleEnd: '02:00',
      scheduleDays: [0, 5, 6],
    });
  });

  it('sends nothing that did not change', () => {
    expect(productUpdate(product, { ...product, stock: 4 })).toEqual({ stock: 4 });
    expect(productUpdate(product, product)).toEqual({});
    expect(productUpdate({ ...product, discount: 100, discountType: 'amount' }, product)).toEqual({
      discount: null,
    });
  });
});
