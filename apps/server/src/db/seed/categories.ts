import { RESTAURANT_CATEGORIES } from '@comensal/domain';
import type { Localized } from './types.ts';

/**
 * Restaurant categories offered by the search filter (docs/product.md#dietary-tags-and-categories).
 * Keys are stable.
 */
export const CATEGORIES = RESTAURANT_CATEGORIES;

export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, Localized> = {
  chilean: { es: 'Chilena', en: 'Chilean' },
  peruvian: { es: 'Peruana', en: 'Peruvian' },
  spanish: { es: 'Española', en: 'Spanish' },
  venezuelan: { es: 'Venezolana', en: 'Venezuelan' },
  seafood: { es: 'Pescados y mariscos', en: 'Seafood' },
  italian: { es: 'Italiana', en: 'Italian' },
  japanese: { es: 'Japonesa', en: 'Japanese' },
  cafe: { es: 'Cafetería', en: 'Café' },
  vegetarian: { es: 'Vegetariana', en: 'Vegetarian' },
  tapas: { es: 'Tapas', en: 'Tapas' },
  grill: { es: 'Parrilla', en: 'Grill' },
  bakery: { es: 'Panadería', en: 'Bakery' },
  fusion: { es: 'Fusión', en: 'Fusion' },
  burgers: { es: 'Hamburguesas', en: 'Burgers' },
  bar: { es: 'Bar', en: 'Bar' },
  dutch: { es: 'Neerlandesa', en: 'Dutch' },
  belgian: { es: 'Belga', en: 'Belgian' },
};
