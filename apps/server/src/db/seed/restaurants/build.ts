/**
 * Small builders that keep the demo data files short and uniform. They only fill defaults;
 * every value that matters is written out in the per-city files.
 */
import type {
  DietaryTag,
  HHmm,
  Localized,
  SeedDelivery,
  SeedPreference,
  SeedPreferenceOption,
  SeedProduct,
  SeedRoom,
} from '../types.ts';

/** [Spanish, English] */
export type Pair = readonly [es: string, en: string];

export const loc = ([es, en]: Pair): Localized => ({ es, en });

const TAG_ORDER: readonly DietaryTag[] = [
  'vegetarian',
  'vegan',
  'spicy',
  'gluten_free',
  'dairy_free',
  'halal',
];

/** Vegan implies vegetarian; tags come out deduplicated in a fixed order. */
export function normalizeTags(tags: readonly DietaryTag[]): DietaryTag[] {
  const set = new Set<DietaryTag>(tags);
  if (set.has('vegan')) set.add('vegetarian');
  return TAG_ORDER.filter((t) => set.has(t));
}

const MOTIF_HUES: Record<string, number> = {
  plate: 28,
  bowl: 18,
  glass: 190,
  cup: 30,
  bread: 40,
  fish: 200,
  burger: 15,
  pizza: 5,
  salad: 100,
  dessert: 330,
  fries: 48,
  sushi: 350,
  storefront: 210,
  terrace: 160,
  bar: 270,
};

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) >>> 0;
  return h;
}

export type ProductExtras = Partial<
  Pick<
    SeedProduct,
    | 'preferences'
    | 'discount'
    | 'scheduleStart'
    | 'scheduleEnd'
    | 'scheduleDays'
    | 'hidden'
    | 'stock'
    | 'preventSaleWithoutStock'
    | 'pointsPrice'
  >
> & { hue?: number };

export type DishFn = (
  key: string,
  section: string,
  name: Pair,
  description: Pair,
  priceMinor: number,
  calories: number | null,
  tags: DietaryTag[],
  motif: string,
  extras?: ProductExtras,
) => SeedProduct;

/** A product builder whose keys are prefixed with the restaurant's short code (`pb-empanada-de-pino`). */
export function dishes(prefix: string): DishFn {
  return (key, section, name, description, priceMinor, calories, tags, motif, extras = {}) => {
    const { hue, ...rest } = extras;
    const fullKey = `${prefix}-${key}`;
    return {
      key: fullKey,
      section,
      name: loc(name),
      description: loc(description),
      priceMinor,
      calories,
      tags: normalizeTags(tags),
      preferences: [],
      discount: null,
      scheduleStart: null,
      scheduleEnd: null,
      scheduleDays: null,
      hidden: false,
      stock: null,
      preventSaleWithoutStock: false,
      pointsPrice: null,
      ...rest,
      image: { hue: hue ?? ((MOTIF_HUES[motif] ?? 0) + (hash(fullKey) % 40) + 340) % 360, motif },
    };
  };
}

/** [key, es, en, priceMinor = 0, maxQuantity?] */
export type OptionRow = readonly [
  key: string,
  es: string,
  en: string,
  priceMinor?: number,
  maxQuantity?: number,
];

function option(
  [key, es, en, priceMinor = 0, maxQuantity]: OptionRow,
  multiple: boolean,
): SeedPreferenceOption {
  const base = { key, name: { es, en }, priceMinor };
  return multiple ? { ...base, maxQuantity: maxQuantity ?? 1 } : base;
}

/** Choose exactly one option (required by default). */
export function single(
  key: string,
  name: Pair,
  options: readonly OptionRow[],
  required = true,
): SeedPreference {
  return { key, name: loc(name), multiple: false, required, options: options.map((o) => option(o, false)) };
}

/** Choose several options, each up to its maxQuantity (optional by default). */
export function multiple(
  key: string,
  name: Pair,
  options: readonly OptionRow[],
  required = false,
): SeedPreference {
  return { key, name: loc(name), multiple: true, required, options: options.map((o) => option(o, true)) };
}

export function cookingPoint(): SeedPreference {
  return single(
    'punto',
    ['Punto de cocción', 'Cooking point'],
    [
      ['poco-hecho', 'Poco hecho', 'Rare'],
      ['al-punto', 'A punto', 'Medium'],
      ['tres-cuartos', 'Tres cuartos', 'Medium well'],
      ['bien-hecho', 'Bien hecho', 'Well done'],
    ],
  );
}

export function spiceLevel(): SeedPreference {
  return single(
    'picante',
    ['Nivel de picante', 'Spice level'],
    [
      ['suave', 'Suave', 'Mild'],
      ['medio', 'Medio', 'Medium'],
      ['picante', 'Picante', 'Hot'],
    ],
  );
}

/** An opening window [open, close] in restaurant-local 'HH:mm'; close ≤ open = after midnight. */
export type Slot = readonly [open: HHmm, close: HHmm];

export const SUN = 0;
export const MON = 1;
export const TUE = 2;
export const WED = 3;
export const THU = 4;
export const FRI = 5;
export const SAT = 6;

/** Seven days (0 = Sunday) of `base` windows, with per-day overrides (an empty list = closed). */
export function hours(
  base: readonly Slot[],
  overrides: Partial<Record<number, readonly Slot[]>> = {},
): { open: HHmm; close: HHmm }[][] {
  return Array.from({ length: 7 }, (_, day) =>
    (overrides[day] ?? base).map(([open, close]) => ({ open, close })),
  );
}

/** Rooms with tables numbered 1, 2, 3… across the whole restaurant. */
export function rooms(defs: readonly { key: string; name: Pair; seats: readonly number[] }[]): SeedRoom[] {
  let number = 0;
  return defs.map((r) => ({
    key: r.key,
    name: loc(r.name),
    tables: r.seats.map((seats) => ({ number: ++number, seats })),
  }));
}

export function fixedDelivery(priceMinor: number): SeedDelivery {
  return { enabled: true, mode: 'fixed', priceMinor };
}

export function zoneDelivery(
  zones: readonly (readonly [radiusMeters: number, priceMinor: number])[],
): SeedDelivery {
  return {
    enabled: true,
    mode: 'zones',
    zones: zones.map(([radiusMeters, priceMinor]) => ({ radiusMeters, priceMinor })),
  };
}

export const NO_DELIVERY: SeedDelivery = { enabled: false };

export function reviewUrl(slug: string): string {
  return `https://maps.example.com/place/${slug}/reviews`;
}

/** Points earned per `perMinor` minor units: CLP 1 per $1.000, EUR and PEN 1 per unit (100 cents). */
export const pointsRate = {
  CLP: () => ({ points: 1, perMinor: 1000 }),
  EUR: () => ({ points: 1, perMinor: 100 }),
  PEN: () => ({ points: 1, perMinor: 100 }),
};
