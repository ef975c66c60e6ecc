import type { Product } from '@comensal/contracts';
import { cartSummary, type CartSummary, type OrderableProduct } from '@comensal/domain';
import { orderableProduct } from '@/lib/product-choice';
import type { Cart } from './cart-store';

/** The cart priced by the domain (`cartSummary`) with the menu's products; null while the menu loads. */
export function summarizeCart(cart: Cart, products: ReadonlyMap<string, Product> | null): CartSummary | null {
  if (!products) return null;
  return cartSummary(cart, (productId): OrderableProduct | undefined => {
    const product = products.get(productId);
    return product ? orderableProduct(product) : undefined;
  });
}
