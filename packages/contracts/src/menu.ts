import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false']);
/**
 * Minor units; 0 means "no bound" (the filter's initial range is 0–0,
 * docs/product.md#search-and-menu-filters).
 */
const priceBound = z.coerce.number().int().min(0).max(1_000_000_000);

/** `GET /api/restaurants/:id/menu` query. */
export const getMenuQuerySchema = z
  .object({
    vegan: booleanFlag.optional(),
    vegetarian: booleanFlag.optional(),
    minPrice: priceBound.optional(),
    maxPrice: priceBound.optional(),
  })
  .strict();
export type GetMenuQuery = z.infer<typeof getMenuQuerySchema>;
