import type { Localized, Product } from '@comensal/contracts';
import type { PreferenceSelection } from '@comensal/domain';

/** One chosen option as a line shows it: "Extra cheese", or "Extra cheese × 2". */
export interface OptionText {
  name: Localized;
  quantity: number;
}

/** The options of a cart line, named through the product (an option it no longer has is left out). */
export function cartLineOptions(
  product: Pick<Product, 'preferences'>,
  selections: readonly PreferenceSelection[],
): OptionText[] {
  return selections.flatMap((selection) => {
    const preference = product.preferences.find((candidate) => candidate.key === selection.preferenceKey);
    const option = preference?.options.find((candidate) => candidate.key === selection.optionKey);
    return option ? [{ name: option.name, quantity: selection.quantity }] : [];
  });
}
