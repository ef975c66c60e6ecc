/**
 * Shapes of the demo data. The seed (apps/server/src/db/seed/seed.ts) maps these onto
 * the database schema; tests and e2e reuse the same data through the seed helpers.
 * Money is always integer minor units of the restaurant's currency.
 */
import type { BookingLimits } from '@comensal/domain';
export type Localized = { es: string; en: string };
export type DietaryTag = 'vegetarian' | 'vegan' | 'spicy' | 'gluten_free' | 'dairy_free' | 'halal';
export type HHmm = string; // "HH:mm", 24-hour

export interface SeedTable {
  number: number;
  seats: number;
}
export interface SeedRoom {
  key: string; // stable per restaurant, e.g. "salon", "terraza"
  name: Localized;
  tables: SeedTable[];
}
export type SeedDelivery =
  | { enabled: false }
  | { enabled: true; mode: 'fixed'; priceMinor: number }
  | { enabled: true; mode: 'zones'; zones: { radiusMeters: number; priceMinor: number }[] };

export interface SeedPreferenceOption {
  key: string;
  name: Localized;
  priceMinor: number; // 0 for free options
  maxQuantity?: number; // multiple-choice options may be taken several times
}
export interface SeedPreference {
  key: string;
  name: Localized;
  multiple: boolean; // false = choose one, true = choose several (each with a quantity)
  required: boolean;
  options: SeedPreferenceOption[];
}
export interface SeedProduct {
  key: string; // stable per restaurant
  section: string; // SeedSection.key
  name: Localized;
  description: Localized;
  priceMinor: number;
  calories: number | null;
  tags: DietaryTag[]; // vegan implies vegetarian for the flags derived from it
  preferences: SeedPreference[];
  discount: { type: 'amount' | 'percent'; value: number } | null; // amount in minor units; percent 1-100
  scheduleStart: HHmm | null; // null = default 00:00
  scheduleEnd: HHmm | null; // null = default 23:59
  scheduleDays: number[] | null; // 0 = Sunday ... 6 = Saturday; null = every day
  hidden: boolean;
  stock: number | null; // null = not tracked
  preventSaleWithoutStock: boolean;
  pointsPrice: number | null; // points needed to redeem it, null = not redeemable
  image: { hue: number; motif: string }; // picture generated locally by images.ts
}
export interface SeedSection {
  key: string;
  name: Localized;
}
export interface SeedRestaurant {
  slug: string; // stable id part, e.g. "la-picada-de-bellavista"
  name: string;
  description: Localized;
  category: string; // one of CATEGORIES in categories.ts
  address: string;
  city: string;
  country: string; // ISO 3166-1 alpha-2
  timeZone: string; // IANA
  location: { lat: number; lng: number };
  phone: string;
  openingHours: { open: HHmm; close: HHmm }[][]; // index 0 = Sunday ... 6 = Saturday; close <= open = after midnight
  rooms: SeedRoom[];
  pickup: boolean;
  delivery: SeedDelivery;
  payments: {
    webpay: boolean;
    cash: boolean;
    mobileTransfer: { bankCode: string; bankName: string; phone: string; idNumber: string } | null;
  };
  reviewUrl: string | null;
  pointsRate: { points: number; perMinor: number }; // points earned per `perMinor` minor units paid
  suggestedTipPercent: number | null;
  /** Booking limits other than the defaults (docs/product.md#booking-limits); the columns' defaults otherwise. */
  bookingLimits?: Partial<BookingLimits>;
  images: { hue: number; motif: string }[]; // 2-3 pictures generated locally
  sections: SeedSection[];
  products: SeedProduct[];
}
export interface SeedUser {
  email: string;
  password: string;
  displayName: string;
  phoneNumber: string | null;
  locale: 'es-ES' | 'en-US';
  /** Points balances at demo restaurants (by slug), so redeeming can be tried. */
  points: { restaurant: string; balance: number }[];
  /** Works at demo restaurants (by slug; 'all' for every one), as owner or staff. */
  staff?: { role: 'owner' | 'staff'; restaurants: 'all' | string[] };
}
