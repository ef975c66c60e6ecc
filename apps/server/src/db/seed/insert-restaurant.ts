/**
 * Inserts a SeedRestaurant (rooms, tables, products, pictures) — the one path used by the demo
 * seed, the server tests and e2e. `buildSeedRestaurant` / `buildSeedProduct` make valid seed
 * shapes with overrides, so a test writes only what it is about:
 *
 *   const { restaurant, products } = await insertRestaurant(db, buildSeedRestaurant({
 *     products: [buildSeedProduct({ key: 'late', scheduleStart: '22:00' })],
 *   }));
 */
import { randomUUID } from 'node:crypto';
import { currencyForCountry, type BookingLimits } from '@comensal/domain';
import type { DbExecutor } from '../client.ts';
import {
  diningTables,
  products as productsTable,
  restaurants as restaurantsTable,
  rooms as roomsTable,
  type DeliverySettings,
} from '../schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { productPicture, restaurantPicture } from './images.ts';
import type { SeedDelivery, SeedPreference, SeedProduct, SeedRestaurant } from './types.ts';

export interface InsertedRestaurant {
  restaurant: typeof restaurantsTable.$inferSelect;
  rooms: { id: string; key: string; tables: { id: string; number: number; seats: number }[] }[];
  /** In the order of `seed.products`. */
  products: (typeof productsTable.$inferSelect)[];
}

function toDeliverySettings(delivery: SeedDelivery): DeliverySettings {
  if (!delivery.enabled) return { mode: 'none' };
  if (delivery.mode === 'fixed') return { mode: 'fixed', priceMinor: delivery.priceMinor };
  return {
    mode: 'zones',
    zones: delivery.zones.map(({ radiusMeters, priceMinor }) => ({ radiusMeters, priceMinor })),
  };
}

function productValues(
  restaurantId: string,
  product: SeedProduct,
  position: number,
  imageUrl: string | null,
) {
  const vegan = product.tags.includes('vegan');
  return {
    id: randomUUID(),
    restaurantId,
    key: product.key,
    section: product.section,
    position,
    name: product.name,
    description: product.description,
    priceMinor: product.priceMinor,
    calories: product.calories,
    tags: [...product.tags],
    vegan,
    vegetarian: vegan || product.tags.includes('vegetarian'),
    preferences: product.preferences,
    discount: product.discount?.value ?? null,
    discountType: product.discount?.type ?? null,
    scheduleStart: product.scheduleStart,
    scheduleEnd: product.scheduleEnd,
    scheduleDays: product.scheduleDays,
    hidden: product.hidden,
    stock: product.stock,
    preventSaleWithoutStock: product.preventSaleWithoutStock,
    pointsPrice: product.pointsPrice,
    imageUrl,
  };
}

/** The restaurant's booking limits other than the columns' defaults (docs/product.md#booking-limits). */
function bookingLimitColumns(limits: Partial<BookingLimits>) {
  const columns = {
    bookingHorizonDays: limits.horizonDays,
    maxPartySize: limits.maxPartySize,
    maxTakeawayPartySize: limits.maxTakeawayPartySize,
    maxReservationsPerUser: limits.maxPerUser,
    maxReservationsPerGuest: limits.maxPerGuest,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as Partial<
    Record<keyof typeof columns, number>
  >;
}

/**
 * Inserts the restaurant with everything it owns. With `storage`, its pictures (SVG) are written
 * to `restaurants/<id>/…` and their public URLs stored; without, it has no pictures.
 * Run it inside a transaction when several inserts must be all-or-nothing.
 */
export async function insertRestaurant(
  db: DbExecutor,
  seed: SeedRestaurant,
  options: { storage?: FileStorage } = {},
): Promise<InsertedRestaurant> {
  const id = randomUUID();
  const { storage } = options;
  const images = storage
    ? await Promise.all(
        seed.images.map(
          async (image, index) =>
            (
              await storage.put(
                `restaurants/${id}/picture-${index + 1}.svg`,
                restaurantPicture(image, seed.name),
              )
            ).url,
        ),
      )
    : [];
  const [restaurant] = await db
    .insert(restaurantsTable)
    .values({
      id,
      slug: seed.slug,
      name: seed.name,
      description: seed.description,
      category: seed.category,
      address: seed.address,
      city: seed.city,
      country: seed.country,
      currency: currencyForCountry(seed.country),
      timeZone: seed.timeZone,
      lat: seed.location.lat,
      lng: seed.location.lng,
      phone: seed.phone,
      openingHours: seed.openingHours,
      pickup: seed.pickup,
      delivery: toDeliverySettings(seed.delivery),
      payments: seed.payments,
      reviewUrl: seed.reviewUrl,
      pointsRatePoints: seed.pointsRate.points,
      pointsRatePerMinor: seed.pointsRate.perMinor,
      suggestedTipPercent: seed.suggestedTipPercent,
      ...bookingLimitColumns(seed.bookingLimits ?? {}),
      images,
      sections: seed.sections,
    })
    .returning();
  if (!restaurant) throw new Error(`restaurant ${seed.slug} was not inserted`);

  const rooms: InsertedRestaurant['rooms'] = [];
  for (const [position, room] of seed.rooms.entries()) {
    const [roomRow] = await db
      .insert(roomsTable)
      .values({ restaurantId: id, key: room.key, name: room.name, position })
      .returning({ id: roomsTable.id });
    if (!roomRow) throw new Error(`room ${room.key} was not inserted`);
    const tables =
      room.tables.length === 0
        ? []
        : await db
            .insert(diningTables)
            .values(
              room.tables.map((t) => ({
                restaurantId: id,
                roomId: roomRow.id,
                number: t.number,
                seats: t.seats,
              })),
            )
            .returning({ id: diningTables.id, number: diningTables.number, seats: diningTables.seats });
    rooms.push({ id: roomRow.id, key: room.key, tables });
  }

  const values = await Promise.all(
    seed.products.map(async (product, position) => {
      const row = productValues(id, product, position, null);
      if (!storage) return row;
      const picture = productPicture(product.image, product.name.es);
      return {
        ...row,
        imageUrl: (await storage.put(`restaurants/${id}/products/${row.id}.svg`, picture)).url,
      };
    }),
  );
  const inserted = values.length === 0 ? [] : await db.insert(productsTable).values(values).returning();
  const byId = new Map(inserted.map((p) => [p.id, p]));
  const products = values.map((v) => byId.get(v.id)).filter((p) => p !== undefined);
  return { restaurant, rooms, products };
}

/** A required single choice of size, for test and benchmark dishes. */
export const SAMPLE_SIZE: SeedPreference = {
  key: 'size',
  name: { es: 'Tamaño', en: 'Size' },
  multiple: false,
  required: true,
  options: [
    { key: 'regular', name: { es: 'Normal', en: 'Regular' }, priceMinor: 0 },
    { key: 'large', name: { es: 'Grande', en: 'Large' }, priceMinor: 1_500 },
  ],
};
/** Optional extras taken several times (cheese up to 3, avocado up to 2), for test and benchmark dishes. */
export const SAMPLE_EXTRAS: SeedPreference = {
  key: 'extras',
  name: { es: 'Agregados', en: 'Extras' },
  multiple: true,
  required: false,
  options: [
    { key: 'cheese', name: { es: 'Queso', en: 'Cheese' }, priceMinor: 800, maxQuantity: 3 },
    { key: 'avocado', name: { es: 'Palta', en: 'Avocado' }, priceMinor: 1_200, maxQuantity: 2 },
    { key: 'egg', name: { es: 'Huevo', en: 'Egg' }, priceMinor: 600 },
  ],
};

let sequence = 0;
const unique = () => `${Date.now().toString(36)}-${(sequence += 1)}-${randomUUID().slice(0, 8)}`;

/** A plain visible product (every day, all day, no stock tracking). */
export function buildSeedProduct(overrides: Partial<SeedProduct> = {}): SeedProduct {
  return {
    key: `product-${unique()}`,
    section: 'mains',
    name: { es: 'Plato de prueba', en: 'Test dish' },
    description: { es: 'Un plato para pruebas', en: 'A dish for tests' },
    priceMinor: 5_000,
    calories: null,
    tags: [],
    preferences: [],
    discount: null,
    scheduleStart: null,
    scheduleEnd: null,
    scheduleDays: null,
    hidden: false,
    stock: null,
    preventSaleWithoutStock: false,
    pointsPrice: null,
    image: { hue: 30, motif: 'plate' },
    ...overrides,
  };
}

const ALL_DAY = [{ open: '00:00', close: '23:59' }];

/** A Santiago restaurant with one room of two tables and one product; override anything. */
export function buildSeedRestaurant(overrides: Partial<SeedRestaurant> = {}): SeedRestaurant {
  const id = unique();
  return {
    slug: `test-restaurant-${id}`,
    name: `Test Restaurant ${id}`,
    description: { es: 'Restaurante de prueba', en: 'Test restaurant' },
    category: 'chilean',
    address: 'Av. Siempre Viva 742',
    city: 'Santiago',
    country: 'CL',
    timeZone: 'America/Santiago',
    location: { lat: -33.4372, lng: -70.6506 },
    phone: '+56 2 2345 6789',
    openingHours: Array.from({ length: 7 }, () => ALL_DAY),
    rooms: [
      {
        key: 'salon',
        name: { es: 'Salón', en: 'Dining room' },
        tables: [
          { number: 1, seats: 2 },
          { number: 2, seats: 4 },
        ],
      },
    ],
    pickup: true,
    delivery: { enabled: false },
    payments: { webpay: true, cash: true, mobileTransfer: null },
    reviewUrl: null,
    pointsRate: { points: 1, perMinor: 1_000 },
    suggestedTipPercent: 10,
    images: [],
    sections: [{ key: 'mains', name: { es: 'Fondos', en: 'Mains' } }],
    products: [buildSeedProduct()],
    ...overrides,
  };
}
