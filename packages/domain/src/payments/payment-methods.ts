import type { PaymentType } from './pending-payment.ts';

/** What a restaurant's payment settings say it takes, and the currency it charges in. */
export interface PaymentMethodSettings {
  /** ISO 4217 code of the restaurant's prices (e.g. 'CLP'). */
  currency: string;
  webpay: boolean;
  cash: boolean;
  /** The restaurant publishes its Pago Móvil details. */
  mobileTransfer: boolean;
}

/** Webpay Plus charges Chilean pesos only. */
export const WEBPAY_CURRENCY = 'CLP';

/**
 * The payment types a restaurant offers (docs/product.md#payment-types), in the order
 * webpay, mobile_transfer, cash: Webpay only when it is switched on AND the restaurant charges
 * in Chilean pesos; Pago Móvil when the restaurant publishes its details; cash when it takes cash.
 */
export function offeredPaymentTypes(settings: PaymentMethodSettings): PaymentType[] {
  const offered: PaymentType[] = [];
  if (settings.webpay && settings.currency === WEBPAY_CURRENCY) offered.push('webpay');
  if (settings.mobileTransfer) offered.push('mobile_transfer');
  if (settings.cash) offered.push('cash');
  return offered;
}
