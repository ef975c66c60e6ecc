import type { PriceProductInput, ProductPriceAnswer } from '@comensal/contracts';
import { priceProduct } from '@comensal/domain';
import type { RequestContext } from '../../lib/context.ts';
import { getProduct } from './get-product.ts';

/**
 * The exact price of a product with the diner's choices, by the domain's one `priceProduct` (the
 * web runs the same function). No side effects. Only visible products are priced (else 404); an
 * invalid selection is a DomainError → 400 VALIDATION_FAILED with `details.reason`.
 */
export async function priceProductChoice(
  ctx: Pick<RequestContext, 'db' | 'now'>,
  restaurantId: string,
  productId: string,
  input: PriceProductInput,
): Promise<ProductPriceAnswer> {
  const product = await getProduct(ctx, restaurantId, productId);
  const price = priceProduct({
    product: {
      priceMinor: product.price,
      preferences: product.preferences,
      discount: product.discount,
      discountType: product.discountType,
    },
    selections: input.selections,
    quantity: input.quantity,
  });
  return { currency: product.currency, ...price };
}
