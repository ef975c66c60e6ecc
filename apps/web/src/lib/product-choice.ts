import type { Product } from '@comensal/contracts';
import {
  clampQuantity,
  type OrderableProduct,
  type PreferenceSelection,
  priceProduct,
  type ProductPrice,
} from '@comensal/domain';

/**
 * What the diner picked on a product page. Nothing is pre-selected: a required single-choice
 * preference stays empty until chosen.
 */
export interface ProductChoice {
  /** Single-choice preferences: preference key → option key. */
  single: Readonly<Record<string, string>>;
  /** Multiple-choice preferences: preference key → option key → quantity (present = ticked). */
  multiple: Readonly<Record<string, Readonly<Record<string, number>>>>;
  quantity: number;
  comments: string;
}

export const EMPTY_CHOICE: ProductChoice = { single: {}, multiple: {}, quantity: 1, comments: '' };

/**
 * The choice as the domain's selections, read through the product as it is now: options that
 * no longer exist are dropped and quantities kept within each option's maximum (the product may
 * change live while the page is open).
 */
export function selectionsOf(
  product: Pick<Product, 'preferences'>,
  choice: ProductChoice,
): PreferenceSelection[] {
  const selections: PreferenceSelection[] = [];
  for (const preference of product.preferences) {
    if (preference.multiple) {
      const picked = choice.multiple[preference.key] ?? {};
      for (const option of preference.options) {
        const quantity = picked[option.key];
        if (quantity === undefined) continue;
        selections.push({
          preferenceKey: preference.key,
          optionKey: option.key,
          quantity: clampQuantity(quantity, option.maxQuantity),
        });
      }
    } else {
      const optionKey = choice.single[preference.key];
      if (optionKey !== undefined && preference.options.some((option) => option.key === optionKey)) {
        selections.push({ preferenceKey: preference.key, optionKey, quantity: 1 });
      }
    }
  }
  return selections;
}

/** A product of the API as the domain's pricing reads it (money and, when it has one, the points price). */
export function orderableProduct(
  product: Pick<Product, 'price' | 'preferences' | 'discount' | 'discountType'> &
    Partial<Pick<Product, 'pointsPrice'>>,
): OrderableProduct {
  return {
    priceMinor: product.price,
    preferences: product.preferences,
    discount: product.discount,
    discountType: product.discountType,
    pointsPrice: product.pointsPrice ?? null,
  };
}

/**
 * The price of the choice, by the domain's one pricing rule (docs/product.md#pricing-a-product).
 */
export function priceChoice(
  product: Pick<Product, 'price' | 'preferences' | 'discount' | 'discountType'>,
  choice: ProductChoice,
): ProductPrice {
  return priceProduct({
    product: orderableProduct(product),
    selections: selectionsOf(product, choice),
    quantity: clampQuantity(choice.quantity),
  });
}

/**
 * The choice that gives back these selections (an order or a cart line being edited). Options
 * the product no longer has are left out; `selectionsOf` reads the rest through the product.
 */
export function choiceOf(
  product: Pick<Product, 'preferences'>,
  line: { quantity: number; comments: string | null; selections: readonly PreferenceSelection[] },
): ProductChoice {
  let choice: ProductChoice = { ...EMPTY_CHOICE, quantity: line.quantity, comments: line.comments ?? '' };
  for (const selection of line.selections) {
    const preference = product.preferences.find((candidate) => candidate.key === selection.preferenceKey);
    if (!preference?.options.some((option) => option.key === selection.optionKey)) continue;
    choice = preference.multiple
      ? chooseMultiple(choice, preference.key, selection.optionKey, selection.quantity)
      : chooseSingle(choice, preference.key, selection.optionKey);
  }
  return choice;
}

export function chooseSingle(
  choice: ProductChoice,
  preferenceKey: string,
  optionKey: string | null,
): ProductChoice {
  const single = { ...choice.single };
  if (optionKey === null) delete single[preferenceKey];
  else single[preferenceKey] = optionKey;
  return { ...choice, single };
}

/** Ticks (quantity ≥ 1) or unticks (null) an option of a multiple-choice preference. */
export function chooseMultiple(
  choice: ProductChoice,
  preferenceKey: string,
  optionKey: string,
  quantity: number | null,
): ProductChoice {
  const options = { ...choice.multiple[preferenceKey] };
  if (quantity === null) delete options[optionKey];
  else options[optionKey] = quantity;
  return { ...choice, multiple: { ...choice.multiple, [preferenceKey]: options } };
}
