import type { UpdateStaffProductInput } from '@comensal/contracts';
import { type CurrencyCode, minorUnitDigits, toMajor, toMinor } from '@comensal/domain';
import type { MessageId } from '@/lib/i18n';

/**
 * The staff's dish form (price, discount, stock, hidden, schedule) as typed, checked before it is
 * sent: each field's message, or the change to send. The server checks again and has the last
 * word (its refusals are mapped to the same messages).
 */

export type DiscountChoice = 'none' | 'amount' | 'percent';

export interface ProductFormValues {
  price: string;
  discountType: DiscountChoice;
  discount: string;
  /** Empty: not counted (no stock limit). */
  stock: string;
  hidden: boolean;
  /** Empty pair: all day. */
  scheduleStart: string;
  scheduleEnd: string;
  /** Empty: every day. 0 = Sunday … 6 = Saturday. */
  scheduleDays: number[];
}

export interface EditableProduct {
  price: number;
  discount: number | null;
  discountType: 'amount' | 'percent' | null;
  stock: number | null;
  hidden: boolean;
  scheduleStart: string | null;
  scheduleEnd: string | null;
  scheduleDays: number[] | null;
}

export type ProductChange = EditableProduct;

export type ProductField = 'price' | 'discount' | 'stock' | 'schedule';
export type ProductErrors = Partial<Record<ProductField, MessageId>>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MAX_PRICE_MINOR = 1_000_000_000;
export const MAX_STOCK = 1_000_000;

export function formValuesOf(product: EditableProduct, currency: CurrencyCode): ProductFormValues {
  return {
    price: String(toMajor(product.price, currency)),
    discountType: product.discountType ?? 'none',
    discount:
      product.discount === null || product.discountType === null
        ? ''
        : String(product.discountType === 'amount' ? toMajor(product.discount, currency) : product.discount),
    stock: product.stock === null ? '' : String(product.stock),
    hidden: product.hidden,
    scheduleStart: product.scheduleStart ?? '',
    scheduleEnd: product.scheduleEnd ?? '',
    scheduleDays: [...(product.scheduleDays ?? [])].sort((a, b) => a - b),
  };
}

/** A typed amount in major units ("12.50", "12,50", "3500") → minor units, or null when it is not one. */
export function parseAmount(text: string, currency: CurrencyCode): number | null {
  const normalized = text.trim().replace(',', '.');
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(?:\\.\\d{1,${digits}})?$`);
  if (!pattern.test(normalized)) return null;
  if (normalized.length > 15) return null;
  return toMinor(Number(normalized), currency);
}

export function checkProductForm(
  values: ProductFormValues,
  currency: CurrencyCode,
): { errors: ProductErrors; change: ProductChange | null } {
  const errors: ProductErrors = {};
  const price = parseAmount(values.price, currency);
  if (price === null || price > MAX_PRICE_MINOR) errors.price = 'staff.menu.error.price';

  let discount: number | null = null;
  if (values.discountType !== 'none') {
    const text = values.discount.trim();
    if (values.discountType === 'percent') {
      const percent = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!(percent >= 1 && percent <= 100)) errors.discount = 'staff.menu.error.discountPercent';
      else discount = percent;
    } else {
      const amount = parseAmount(text, currency);
      if (amount === null || amount <= 0) errors.discount = 'staff.menu.error.discountAmount';
      else if (price !== null && amount > price) errors.discount = 'staff.menu.error.discountAbovePrice';
      else discount = amount;
    }
  }

  let stock: number | null = null;
  if (values.stock.trim() !== '') {
    const text = values.stock.trim();
    if (!/^\d+$/.test(text) || Number(text) > MAX_STOCK) errors.stock = 'staff.menu.error.stock';
    else stock = Number(text);
  }

  const start = values.scheduleStart.trim();
  const end = values.scheduleEnd.trim();
  if ((start === '') !== (end === '')) errors.schedule = 'staff.menu.error.scheduleBoth';
  else if (start !== '' && (!HHMM.test(start) || !HHMM.test(end)))
    errors.schedule = 'staff.menu.error.scheduleTime';
  else if (start !== '' && start === end) errors.schedule = 'staff.menu.error.scheduleSame';

  if (Object.keys(errors).length > 0 || price === null) return { errors, change: null };
  return {
    errors,
    change: {
      price,
      discount,
      discountType: values.discountType === 'none' ? null : values.discountType,
      stock,
      hidden: values.hidden,
      scheduleStart: start === '' ? null : start,
      scheduleEnd: end === '' ? null : end,
      scheduleDays: values.scheduleDays.length === 0 ? null : [...values.scheduleDays].sort((a, b) => a - b),
    },
  };
}

/**
 * The PATCH body: only what differs from the product as loaded (the server records each change
 * in the audit); the discount goes as `{ type, value }`, or null to remove it.
 */
export function productUpdate(before: EditableProduct, after: ProductChange): UpdateStaffProductInput {
  const update: UpdateStaffProductInput = {};
  const same = (key: keyof ProductChange) => JSON.stringify(before[key]) === JSON.stringify(after[key]);
  if (!same('price')) update.price = after.price;
  if (!same('discount') || !same('discountType')) {
    update.discount =
      after.discountType === null || after.discount === null
        ? null
        : { type: after.discountType, value: after.discount };
  }
  if (!same('stock')) update.stock = after.stock;
  if (!same('hidden')) update.hidden = after.hidden;
  if (!same('scheduleStart')) update.scheduleStart = after.scheduleStart;
  if (!same('scheduleEnd')) update.scheduleEnd = after.scheduleEnd;
  if (!same('scheduleDays')) update.scheduleDays = after.scheduleDays;
  return update;
}
