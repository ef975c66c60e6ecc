import {
  DIETARY_TAGS,
  type DietaryTag,
  type Product,
  type RestaurantDetail,
  type RestaurantSummary,
} from '@comensal/contracts';
import { offeredPaymentTypes } from '@comensal/domain';
import type { ProductRow } from './product-repository.ts';
import type { RestaurantSummaryRow } from './list/list-repository.ts';
import type { RestaurantRow, RoomRow } from './restaurant-repository.ts';

const isDietaryTag = (tag: string): tag is DietaryTag => (DIETARY_TAGS as readonly string[]).includes(tag);

export function toRestaurantSummary(row: RestaurantSummaryRow): RestaurantSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    address: row.address,
    city: row.city,
    country: row.country,
    currency: row.currency,
    timeZone: row.timeZone,
    location: { lat: row.lat, lng: row.lng },
    coverUrl: row.images[0] ?? null,
    hasVegan: row.hasVegan,
    hasVegetarian: row.hasVegetarian,
    favoritesCount: row.favoritesCount,
    ...(row.distance === null ? {} : { distance: row.distance }),
  };
}

export function toRestaurantDetail(row: RestaurantRow, rooms: RoomRow[]): RestaurantDetail {
  return {
    ...toRestaurantSummary(row),
    phone: row.phone,
    imageUrls: row.images,
    openingHours: row.openingHours,
    rooms: rooms.map(({ id, name, tables }) => ({ id, name, tables })),
    pickup: row.pickup,
    delivery: row.delivery,
    payments: {
      webpay: row.payments.webpay,
      cash: row.payments.cash,
      mobileTransfer: row.payments.mobileTransfer !== null,
    },
    paymentMethods: offeredPaymentTypes({
      currency: row.currency,
      webpay: row.payments.webpay,
      cash: row.payments.cash,
      mobileTransfer: row.payments.mobileTransfer !== null,
    }),
    reviewUrl: row.reviewUrl,
    suggestedTipPercent: row.suggestedTipPercent,
  };
}

export function toProduct(row: ProductRow, currency: Product['currency']): Product {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    section: row.section,
    name: row.name,
    description: row.description,
    price: row.priceMinor,
    currency,
    calories: row.calories,
    vegan: row.vegan,
    vegetarian: row.vegetarian,
    tags: row.tags.filter(isDietaryTag),
    preferences: row.preferences,
    discount: row.discount,
    discountType: row.discountType,
    scheduleStart: row.scheduleStart,
    scheduleEnd: row.scheduleEnd,
    scheduleDays: row.scheduleDays,
    stock: row.stock,
    preventSaleWithoutStock: row.preventSaleWithoutStock,
    pointsPrice: row.pointsPrice,
    imageUrl: row.imageUrl,
    favoritesCount: row.favoritesCount,
  };
}
