import { describe, expect, it } from 'vitest';
import { offeredPaymentTypes, type PaymentMethodSettings } from './payment-methods.ts';
import type { PaymentType } from './pending-payment.ts';

const settings = (overrides: Partial<PaymentMethodSettings> = {}): PaymentMethodSettings => ({
  currency: 'CLP',
  webpay: true,
  cash: true,
  mobileTransfer: false,
  ...overrides,
});

describe('offeredPaymentTypes', () => {
  it.each<[string, Partial<PaymentMethodSettings>, PaymentType[]]>([
    ['a Chilean restaurant with Webpay and cash', {}, ['webpay', 'cash']],
    ['everything, in a fixed order', { mobileTransfer: true }, ['webpay', 'mobile_transfer', 'cash']],
    ['Webpay switched on but prices in euros: not offered', { currency: 'EUR' }, ['cash']],
    ['Webpay in soles: not offered', { currency: 'PEN', cash: false }, []],
    ['Pago Móvil and cash, no Webpay', { webpay: false, mobileTransfer: true }, ['mobile_transfer', 'cash']],
    ['Pago Móvil only', { webpay: false, cash: false, mobileTransfer: true }, ['mobile_transfer']],
    ['nothing', { webpay: false, cash: false }, []],
    ['a lower-case currency is not CLP', { currency: 'clp' }, ['cash']],
  ])('%s', (_label, overrides, expected) => {
    expect(offeredPaymentTypes(settings(overrides))).toEqual(expected);
  });
});
