import { z } from 'zod';
import { PAYMENT_TYPES, paymentTypeSchema } from './vocabulary.ts';

import { hhmmSchema, listOf, localizedSchema } from './common.ts';

export { PAYMENT_TYPES, paymentTypeSchema };

export const DIETARY_TAGS = ['vegetarian', 'vegan', 'spicy', 'gluten_free', 'dairy_free', 'halal'] as const;
export const dietaryTagSchema = z.enum(DIETARY_TAGS);
export type DietaryTag = z.infer<typeof dietaryTagSchema>;

export const currencySchema = z.enum(['CLP', 'PEN', 'EUR', 'VES', 'USD']);

export const openingHoursSchema = z
  .array(z.array(z.object({ open: hhmmSchema, close: hhmmSchema })))
  .length(7); // index 0 = Sunday

export const restaurantSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  description: localizedSchema,
  address: z.string(),
  city: z.string(),
  country: z.string().length(2),
  currency: currencySchema,
  timeZone: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  coverUrl: z.string().nullable(),
  hasVegan: z.boolean(),
  hasVegetarian: z.boolean(),
  favoritesCount: z.number().int(),
  /** metres; present when lat/lng were given */
  distance: z.number().optional(),
});
export type RestaurantSummary = z.infer<typeof restaurantSummarySchema>;

export const roomSchema = z.object({
  id: z.uuid(),
  name: localizedSchema,
  tables: z.array(z.object({ id: z.uuid(), number: z.number().int(), seats: z.number().int() })),
});

export const deliverySettingsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('fixed'), priceMinor: z.number().int() }),
  z.object({
    mode: z.literal('zones'),
    zones: z.array(z.object({ radiusMeters: z.number().int(), priceMinor: z.number().int() })),
  }),
]);

export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** What a restaurant publishes for Pago Móvil: the payee's bank, phone and ID (RIF or cédula). */
export const mobileTransferDetailsSchema = z.object({
  /** The bank's 4-digit code, e.g. "0102". */
  bankCode: z.string(),
  bankName: z.string(),
  /** 04XX-XXXXXXX */
  phone: z.string(),
  /** RIF or cédula, e.g. "J-40012345-6". */
  idNumber: z.string(),
});
export type MobileTransferDetails = z.infer<typeof mobileTransferDetailsSchema>;

export const restaurantDetailSchema = restaurantSummarySchema.extend({
  phone: z.string(),
  imageUrls: z.array(z.string()),
  openingHours: openingHoursSchema,
  rooms: z.array(roomSchema),
  pickup: z.boolean(),
  delivery: deliverySettingsSchema,
  /** The restaurant's switches as stored (kept for existing clients; read `paymentMethods`). */
  payments: z.object({ webpay: z.boolean(), cash: z.boolean(), mobileTransfer: z.boolean() }),
  /**
   * The ways a diner can pay here, in this order: `webpay` (only where prices are in CLP),
   * `mobile_transfer` (Pago Móvil: the details are in the bill, for members), `cash`.
   */
  paymentMethods: z.array(paymentTypeSchema),
  reviewUrl: z.string().nullable(),
  suggestedTipPercent: z.number().int().nullable(),
});
export type RestaurantDetail = z.infer<typeof restaurantDetailSchema>;

export const restaurantListSchema = listOf(restaurantSummarySchema);
export type RestaurantList = z.infer<typeof restaurantListSchema>;

/** Most categories one search may ask for. */
export const MAX_CATEGORY_FILTERS = 10;
const categoryKeySchema = z.string().regex(/^[a-z0-9_-]{1,50}$/, 'a category key (a-z, 0-9, _ or -)');

/**
 * `category`: one or several category keys, as a comma list (`category=chilean,peruvian`) and/or
 * repeated (`category=chilean&category=peruvian`); a restaurant matches any of them. Keys are
 * case-insensitive; empty items are ignored. Parsed to the normalised comma list (lower-case,
 * no duplicates), so the type stays a string: split it with {@link parseCategoryList}.
 */
export const categoryListSchema = z
  .union([z.string().max(600), z.array(z.string().max(600)).max(MAX_CATEGORY_FILTERS)])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item.length > 0),
  )
  .pipe(z.array(categoryKeySchema).max(MAX_CATEGORY_FILTERS))
  .transform((keys) => [...new Set(keys)].join(','));

/** `"chilean,peruvian"` → `["chilean", "peruvian"]`; `""`/undefined → `[]`. */
export const parseCategoryList = (category: string | undefined): string[] =>
  category ? category.split(',').filter((item) => item.length > 0) : [];

export const listRestaurantsQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: categoryListSchema.optional(),
    vegan: z.enum(['true', 'false']).optional(),
    vegetarian: z.enum(['true', 'false']).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    sort: z.enum(['name', 'distance']).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .strict();
export type ListRestaurantsQuery = z.infer<typeof listRestaurantsQuerySchema>;

export const preferenceOptionSchema = z.object({
  key: z.string(),
  name: localizedSchema,
  priceMinor: z.number().int(),
  maxQuantity: z.number().int().optional(),
});
export const preferenceSchema = z.object({
  key: z.string(),
  name: localizedSchema,
  multiple: z.boolean(),
  required: z.boolean(),
  options: z.array(preferenceOptionSchema),
});

export const productSchema = z.object({
  id: z.uuid(),
  restaurantId: z.uuid(),
  section: z.string(),
  name: localizedSchema,
  description: localizedSchema,
  /** minor units of the restaurant's currency */
  price: z.number().int(),
  currency: currencySchema,
  calories: z.number().int().nullable(),
  vegan: z.boolean(),
  vegetarian: z.boolean(),
  tags: z.array(dietaryTagSchema),
  preferences: z.array(preferenceSchema),
  discount: z.number().int().nullable(),
  discountType: z.enum(['amount', 'percent']).nullable(),
  scheduleStart: hhmmSchema.nullable(),
  scheduleEnd: hhmmSchema.nullable(),
  scheduleDays: z.array(z.number().int().min(0).max(6)).nullable(),
  stock: z.number().int().nullable(),
  preventSaleWithoutStock: z.boolean(),
  pointsPrice: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  favoritesCount: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * A dish as the menu list carries it: what its card shows (name, description, price with its
 * discount, dietary tags, picture) and no more (docs/decisions/0037-menu-answer.md). The rest of
 * the product (preferences, calories, points price, stock…) is read from
 * `GET /api/restaurants/:id/menu/:productId`. Both languages' text: the diner switches language
 * without asking again.
 */
export const menuItemSchema = productSchema
  .pick({ id: true, section: true, name: true, description: true, price: true, imageUrl: true })
  .extend({
    /** Omitted when there is none (with `discountType`). */
    discount: z.number().int().optional(),
    discountType: z.enum(['amount', 'percent']).optional(),
    /** The dietary tags with the `vegan`/`vegetarian` flags folded in, in `DIETARY_TAGS` order. */
    tags: z.array(dietaryTagSchema),
    /** A preference must be chosen before the dish is ordered (no one-tap add). */
    choiceRequired: z.boolean(),
  });
export type MenuItem = z.infer<typeof menuItemSchema>;

/** The menu list's dish of a product: what its card shows (the server's answer, and test data). */
export function menuItemOf(product: Product): MenuItem {
  const tags = new Set<DietaryTag>(product.tags);
  if (product.vegan) tags.add('vegan');
  if (product.vegetarian) tags.add('vegetarian');
  return {
    id: product.id,
    section: product.section,
    name: product.name,
    description: product.description,
    price: product.price,
    ...(product.discount !== null &&
      product.discountType !== null && { discount: product.discount, discountType: product.discountType }),
    tags: DIETARY_TAGS.filter((tag) => tags.has(tag)),
    choiceRequired: product.preferences.some((preference) => preference.required),
    imageUrl: product.imageUrl,
  };
}

export const menuSchema = z.object({
  restaurantId: z.uuid(),
  currency: currencySchema,
  country: z.string().length(2),
  sections: z.array(z.object({ key: z.string(), name: localizedSchema })),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/restaurants/:id/menu/:productId/price — the exact price of a choice (no side effects)

/** One chosen option: `quantity` is 1 for single-choice preferences, ≥ 1 for multiple-choice. */
export const preferenceSelectionSchema = z
  .object({
    preferenceKey: z.string().min(1).max(100),
    optionKey: z.string().min(1).max(100),
    quantity: z.number().int().min(1).max(999),
  })
  .strict();
export type PreferenceSelectionInput = z.infer<typeof preferenceSelectionSchema>;

export const MAX_PRODUCT_QUANTITY = 999;

export const priceProductInputSchema = z
  .object({
    quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY),
    selections: z.array(preferenceSelectionSchema).max(100),
  })
  .strict();
export type PriceProductInput = z.infer<typeof priceProductInputSchema>;

/**
 * `priceProduct` of @comensal/domain (the ONE pricing function, also run by the web), in minor
 * units of `currency`. An invalid selection answers 400 VALIDATION_FAILED with `details.reason`
 * = the domain code (`INVALID_PREFERENCE`, `INVALID_QUANTITY`…).
 */
export const productPriceSchema = z.object({
  currency: currencySchema,
  unitPriceMinor: z.number().int(),
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type ProductPriceAnswer = z.infer<typeof productPriceSchema>;
